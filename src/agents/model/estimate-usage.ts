import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChatChoice, ChatMessage, TokenUsage } from '../../core/language-model.js';

/** Per-message framing tokens that chat formats add around each message (an approximation). */
const TOKENS_PER_MESSAGE = 4;

/** Counts tokens with o200k_base when an endpoint reports no usage; the result is marked estimated. */
export function estimateUsage(messages: ChatMessage[], choices: ChatChoice[]): TokenUsage {
  const promptTokens = messages.reduce((sum, message) => sum + TOKENS_PER_MESSAGE + countTokens(messageText(message)), 0);
  const completionTokens = choices.reduce(
    (sum, choice) => sum + countTokens(choice.text ?? '') + choice.toolCalls.reduce((inner, call) => inner + countTokens(call.name + call.arguments), 0),
    0,
  );
  return { promptTokens, completionTokens, estimated: true };
}

/** The tokens of one prompt text, o200k_base. */
export function countPromptTokens(text: string): number {
  return countTokens(text);
}

function messageText(message: ChatMessage): string {
  switch (message.role) {
    case 'system':
    case 'user':
    case 'tool':
      return message.content;
    case 'assistant':
      return (message.content ?? '') + message.toolCalls.map((call) => call.name + call.arguments).join('');
  }
}
