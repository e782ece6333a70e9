import { createHash } from 'node:crypto';
import type { ChatRequest } from '../../core/language-model.js';
import { canonicalJson } from './canonical-json.js';

/** A request as recorded: the model name plus everything in the ChatRequest. */
export type RecordedChatRequest = ChatRequest & { model: string };

/** `sha256:<hex>` of the canonical JSON of a recorded request: the key a replay looks answers up by. */
export function digestRequest(request: RecordedChatRequest): string {
  return `sha256:${createHash('sha256').update(canonicalJson(request)).digest('hex')}`;
}
