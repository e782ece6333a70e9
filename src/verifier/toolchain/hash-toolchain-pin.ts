import { createHash } from 'node:crypto';
import type { ToolchainPin } from './toolchain-pin.js';

/**
 * The canonical content of a pin: its validated values as JSON with sorted keys. Comments, key
 * order and whitespace in pin.toml do not change it; any value does.
 */
export function canonicalPinContent(pin: ToolchainPin): string {
  return JSON.stringify(sortKeys(pin));
}

/** sha256 (hex) of the canonical pin content. */
export function hashToolchainPin(pin: ToolchainPin): string {
  return createHash('sha256').update(canonicalPinContent(pin)).digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
}
