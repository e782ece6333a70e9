import type { ModelConfig } from '../agents/index.js';
import { failed, passed, warned, type DoctorCheck } from './doctor-check.js';

/** Endpoints that refuse requests without a key (local servers such as Ollama or vLLM usually accept any). */
const KEYED_HOSTS = /(^|\.)openai\.com$|openai\.azure\.com$|(^|\.)openrouter\.ai$|(^|\.)anthropic\.com$|generativelanguage\.googleapis\.com$/;

/**
 * The model endpoint: the key in the named variable (its value is never shown), the base URL
 * answering `GET /models` within the time limit, and the configured model among those it lists when
 * the server lists models at all. It waits at most 5 s (less when `connect_timeout_seconds` is shorter).
 */
export async function checkModelEndpoint(model: ModelConfig, environment: NodeJS.ProcessEnv, timeoutMs = Math.min(5000, model.connectTimeoutMs)): Promise<DoctorCheck[]> {
  const key = environment[model.apiKeyEnv];
  const keyed = KEYED_HOSTS.test(new URL(model.baseUrl).hostname);
  const checks: DoctorCheck[] = [
    key !== undefined && key !== ''
      ? passed('model key', `${model.apiKeyEnv} is set`)
      : keyed
        ? failed('model key', `${model.apiKeyEnv} is not set`, `export ${model.apiKeyEnv}=<your key> (or name another variable with [model] api_key_env)`)
        : warned('model key', `${model.apiKeyEnv} is not set; ${model.baseUrl} may not need one`, null),
  ];
  const url = new URL(`${model.baseUrl.replace(/\/+$/, '')}/models`);
  for (const [name, value] of Object.entries(model.extraQuery ?? {})) url.searchParams.set(name, value);
  // Azure takes the key as `api-key`; everyone else as a bearer token. Extra headers go as a run sends them.
  const auth: Record<string, string> = key ? (model.provider === 'azure' ? { 'api-key': key } : { authorization: `Bearer ${key}` }) : {};
  let response: Response;
  try {
    response = await fetch(url, { headers: { ...(model.extraHeaders ?? {}), ...auth }, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    return [...checks, failed('model endpoint', `cannot reach ${model.baseUrl}: ${describeFetchError(error, timeoutMs)}`, 'start the server, or set [model] base_url in verus-repair.toml (or OPENAI_BASE_URL)')];
  }
  const body = await response.text().catch(() => '');
  if (response.status === 401 || response.status === 403) {
    return [...checks, failed('model endpoint', `${model.baseUrl} refused the key in ${model.apiKeyEnv} (HTTP ${response.status})`, `check the key in ${model.apiKeyEnv}`)];
  }
  if (!response.ok) return [...checks, warned('model endpoint', `${model.baseUrl} answers, but not GET /models (HTTP ${response.status}), so "${model.name}" could not be checked`, null)];
  const listed = readModelIds(body);
  if (listed === null) return [...checks, warned('model endpoint', `${model.baseUrl} answers, but its /models is not a model list, so "${model.name}" could not be checked`, null)];
  if (!listed.includes(model.name)) {
    const some = listed.slice(0, 8).join(', ') + (listed.length > 8 ? ', …' : '');
    return [...checks, failed('model endpoint', `${model.baseUrl} does not list "${model.name}" (it lists ${listed.length}: ${some || 'none'})`, 'set [model] name in verus-repair.toml to a listed model (or VERUS_REPAIR_MODEL)')];
  }
  return [...checks, passed('model endpoint', `${model.baseUrl} lists "${model.name}"`)];
}

function readModelIds(body: string): string[] | null {
  try {
    const document = JSON.parse(body) as { data?: unknown };
    if (!Array.isArray(document.data)) return null;
    return document.data.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : null)).filter((id): id is string => typeof id === 'string');
  } catch {
    return null;
  }
}

/** A code or a short reason; never the request (it holds the key). */
function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return typeof cause?.message === 'string' ? cause.message.split('\n')[0] ?? 'error' : 'connection failed';
}
