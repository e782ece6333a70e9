import type { RedisOptions } from 'ioredis';
import { ConfigurationError } from '../../core/errors.js';

/** Where Redis is: connection options (password included) and a text safe to print (host:port/db only). */
export interface RedisEndpoint {
  options: RedisOptions;
  /** `host:port` (plus `/db` when not 0): what error messages name; never the password. */
  display: string;
}

/**
 * Parses `redis://[user[:password]@]host[:port][/db]` (`rediss://` for TLS). The URL itself is never
 * echoed back: a malformed one is described without its text, since it may hold a password.
 */
export function parseRedisUrl(url: string, source: string): RedisEndpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(`${source}: not a valid Redis URL. Example: redis://127.0.0.1:6379`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new ConfigurationError(`${source}: expected a redis:// or rediss:// URL, received a ${parsed.protocol} URL. Example: redis://127.0.0.1:6379`);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const dbText = parsed.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0) throw new ConfigurationError(`${source}: the database after the port must be a number (redis://host:6379/0)`);
  const options: RedisOptions = { host, port, db, ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}) };
  // A command line is visible to every user of the machine (`ps`, /proc/<pid>/cmdline), as a file is to its readers.
  if (parsed.password !== '' && source === '--redis') {
    throw new ConfigurationError('--redis: a URL with a password is refused on the command line, where `ps` shows it to every user of the machine (the value is not shown); set VERUS_REPAIR_REDIS_URL="redis://:PASSWORD@host:6379" in the environment instead and leave out --redis');
  }
  if (parsed.username !== '') options.username = decodeURIComponent(parsed.username);
  if (parsed.password !== '') options.password = decodeURIComponent(parsed.password);
  return { options, display: `${host.includes(':') ? `[${host}]` : host}:${port}${db === 0 ? '' : `/${db}`}` };
}

/** The URL to use: `--redis`, else VERUS_REPAIR_REDIS_URL, else `[queue] url`; null when none is set. */
export function selectRedisUrl(flag: string | undefined, environment: NodeJS.ProcessEnv, configured: string | null): { url: string; source: string } | null {
  if (flag !== undefined) return { url: flag, source: '--redis' };
  const fromEnvironment = environment['VERUS_REPAIR_REDIS_URL'];
  if (fromEnvironment !== undefined && fromEnvironment !== '') return { url: fromEnvironment, source: 'VERUS_REPAIR_REDIS_URL' };
  if (configured !== null) return { url: configured, source: 'queue.url' };
  return null;
}

export function requireRedisUrl(flag: string | undefined, environment: NodeJS.ProcessEnv, configured: string | null): RedisEndpoint {
  const selected = selectRedisUrl(flag, environment, configured);
  if (selected === null) {
    throw new ConfigurationError('the queue needs a Redis URL: set VERUS_REPAIR_REDIS_URL (e.g. redis://127.0.0.1:6379), [queue] url in verus-repair.toml, or pass --redis URL');
  }
  return parseRedisUrl(selected.url, selected.source);
}
