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

/** Usage as OpenAI reports it; `prompt_tokens_details.cached_tokens` is the prompt-cache hit. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
}

export type FakeReply =
  | { kind: 'completion'; choices: FakeChoice[]; usage?: FakeUsage | null; model?: string; delayMs?: number }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'raw'; status: number; text: string };

export type FakeScriptStep = FakeReply | ((request: RecordedRequest) => FakeReply);

export interface RecordedRequest {
  method: string;
  /** As sent, with the query string. */
  path: string;
  pathname: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/**
 * How one provider's endpoint behaves, apart from the model's answers (the script): which path it
 * serves, what it refuses before any model runs (`check`, answered without consuming a script step),
 * and how it changes a scripted answer (`shape`, e.g. one choice whatever `n` asked for). Dialects
 * live in test/fake-openai-dialects.ts; the default serves `POST /v1/chat/completions` and accepts all.
 */
export interface FakeDialect {
  name: string;
  servesPath(pathname: string): boolean;
  check?(request: RecordedRequest): FakeReply | null;
  shape?(reply: Extract<FakeReply, { kind: 'completion' }>, request: RecordedRequest, earlier: readonly RecordedRequest[]): Extract<FakeReply, { kind: 'completion' }>;
}

const ACCEPT_ALL: FakeDialect = { name: 'accept-all', servesPath: (pathname) => pathname === '/v1/chat/completions' };

export interface FakeOpenAiServer {
  baseUrl: string;
  /** `http://127.0.0.1:<port>`, for dialects whose base URL is not `/v1` (Azure's `/openai`). */
  origin: string;
  requests: RecordedRequest[];
  /** Every usage object the server reported, in order (what a client's totals must add up to). */
  reportedUsage: FakeUsage[];
  /** Appends steps to the script; each request consumes one. */
  script(...steps: FakeScriptStep[]): void;
  remainingSteps(): number;
  close(): Promise<void>;
}

/** `models`: answer `GET /v1/models` with these ids (outside the script); without it that request is unscripted too. */
export async function startFakeOpenAiServer(options: { models?: string[]; dialect?: FakeDialect } = {}): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const reportedUsage: FakeUsage[] = [];
  const steps: FakeScriptStep[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing, { requests, reportedUsage, steps, models: options.models, dialect: options.dialect ?? ACCEPT_ALL });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    reportedUsage,
    script: (...more) => void steps.push(...more),
    remainingSteps: () => steps.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ServerState {
  requests: RecordedRequest[];
  reportedUsage: FakeUsage[];
  steps: FakeScriptStep[];
  models: string[] | undefined;
  dialect: FakeDialect;
}

async function handle(incoming: IncomingMessage, outgoing: ServerResponse, state: ServerState): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  const request: RecordedRequest = {
    method: incoming.method ?? '', path: incoming.url ?? '', pathname: url.pathname, query: Object.fromEntries(url.searchParams), headers: incoming.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
  const earlier = [...state.requests];
  state.requests.push(request);
  if (state.models !== undefined && request.method === 'GET' && request.path === '/v1/models') {
    return sendJson(outgoing, 200, { object: 'list', data: state.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
  }
  if (request.method === 'POST' && state.dialect.servesPath(request.pathname)) {
    const refusal = state.dialect.check?.(request) ?? null;
    if (refusal !== null) return send(outgoing, refusal, request, earlier, state);
  }
  const step = state.steps.shift();
  if (request.method !== 'POST' || !state.dialect.servesPath(request.pathname) || step === undefined) {
    return sendJson(outgoing, 599, { error: { message: `fake server: unscripted request ${request.method} ${request.path}` } });
  }
  const reply = typeof step === 'function' ? step(request) : step;
  return send(outgoing, reply, request, earlier, state);
}

async function send(outgoing: ServerResponse, reply: FakeReply, request: RecordedRequest, earlier: readonly RecordedRequest[], state: ServerState): Promise<void> {
  switch (reply.kind) {
    case 'completion': {
      const shaped = state.dialect.shape?.(reply, request, earlier) ?? reply;
      if (shaped.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, shaped.delayMs));
      const body = completionBody(shaped, String(request.body['model'] ?? 'fake-model'));
      if (body['usage'] !== undefined) state.reportedUsage.push(body['usage'] as FakeUsage);
      return sendJson(outgoing, 200, body);
    }
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
