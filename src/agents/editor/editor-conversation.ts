import type { ChatChoice, ChatMessage } from '../../core/language-model.js';

/**
 * The editor's one conversation for a whole run: system, task, then per iteration the assistant's
 * answer and the feedback on it. It only grows, so the model keeps its context across iterations.
 */
export class EditorConversation {
  private readonly history: ChatMessage[] = [];

  constructor(systemPrompt: string, taskMessage: string) {
    this.history.push({ role: 'system', content: systemPrompt }, { role: 'user', content: taskMessage });
  }

  messages(): ChatMessage[] {
    return [...this.history];
  }

  /**
   * Appends the chosen answer and the feedback on it. Every tool call must be answered by a tool
   * message (the chat protocol requires it): the one that carried the candidate gets the feedback,
   * any others are told they were ignored. An answer without tool calls gets the feedback as a user message.
   */
  appendTurn(choice: ChatChoice, feedback: string, answeredCallId: string | null): void {
    this.history.push({ role: 'assistant', content: choice.text, toolCalls: choice.toolCalls });
    if (choice.toolCalls.length === 0) {
      this.history.push({ role: 'user', content: feedback });
      return;
    }
    const primary = answeredCallId ?? choice.toolCalls[0]!.id;
    for (const call of choice.toolCalls) {
      const content = call.id === primary ? feedback : 'Ignored: only one submit_candidate call per answer is evaluated.';
      this.history.push({ role: 'tool', toolCallId: call.id, content });
    }
  }
}
