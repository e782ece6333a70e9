import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process OpenAI-compatible server for tests (synthetic: no real model is involved). It speaks
 * `POST /v1/chat/completions`, answers from a per-test script, and records every request it gets.
 * It listens on 127.0.0.1 only, and an unscripted request gets a loud 599 so a test cannot pass by accident.
 */
export interface FakeChoice {
  text?: string | null;
  toolCalls?: Array<{ name: string; arguments: string; id?: string }>;
  finishReason?: string;
}

export type FakeReply =
  | { kind: 'completion'; choices: FakeChoice[]; usage?: { prompt_tokens: number; completion_tokens: number } | null; model?: string; delayMs?: number }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'raw'; status: number; text: string };

export type FakeScriptStep = FakeReply | ((request: RecordedRequest) => FakeReply);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface FakeOpenAiServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Appends steps to the script; each request consumes one. */
  script(...steps: FakeScriptStep[]): void;
  remainingSteps(): number;
  close(): Promise<void>;
}

/** `models`: answer `GET /v1/models` with these ids (outside the script); without it that request is unscripted too. */
export async function startFakeOpenAiServer(options: { models?: string[] } = {}): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const steps: FakeScriptStep[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing, requests, steps, options.models);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...more) => void steps.push(...more),
    remainingSteps: () => steps.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(incoming: IncomingMessage, outgoing: ServerResponse, requests: RecordedRequest[], steps: FakeScriptStep[], models: string[] | undefined): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const request: RecordedRequest = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
  requests.push(request);
  if (models !== undefined && request.method === 'GET' && request.path === '/v1/models') {
    return sendJson(outgoing, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
  }
  const step = steps.shift();
  if (request.method !== 'POST' || request.path !== '/v1/chat/completions' || step === undefined) {
    return sendJson(outgoing, 599, { error: { message: `fake server: unscripted request ${request.method} ${request.path}` } });
  }
  const reply = typeof step === 'function' ? step(request) : step;
  switch (reply.kind) {
    case 'completion':
      if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      return sendJson(outgoing, 200, completionBody(reply, String(request.body['model'] ?? 'fake-model')));
    case 'status':
      return sendJson(outgoing, reply.status, reply.body ?? { error: { message: `scripted ${reply.status}` } }, reply.headers);
    case 'hang':
      return; // never answers; the client's timeout must fire
    case 'huge':
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(`{"padding":"${'x'.repeat(reply.bytes)}"}`);
      return;
    case 'raw':
      outgoing.writeHead(reply.status, { 'content-type': 'application/json' });
      outgoing.end(reply.text);
      return;
  }
}

function completionBody(reply: Extract<FakeReply, { kind: 'completion' }>, model: string): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: reply.model ?? model,
    choices: reply.choices.map((choice, index) => ({
      index,
      finish_reason: choice.finishReason ?? (choice.toolCalls ? 'tool_calls' : 'stop'),
      message: {
        role: 'assistant',
        content: choice.text ?? null,
        ...(choice.toolCalls
          ? { tool_calls: choice.toolCalls.map((call, callIndex) => ({ id: call.id ?? `call_${index}_${callIndex}`, type: 'function', function: { name: call.name, arguments: call.arguments } })) }
          : {}),
      },
    })),
    ...(reply.usage === null ? {} : { usage: { ...(reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 }), total_tokens: 0 } }),
  };
}

function sendJson(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  outgoing.writeHead(status, { 'content-type': 'application/json', ...headers });
  outgoing.end(JSON.stringify(body));
}
