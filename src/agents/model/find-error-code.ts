/** The first `code` found along an error's `cause` chain (fetch wraps undici's errors, the SDK wraps fetch's). */
export function findErrorCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
