import { sanitizeUntrustedText } from '../core/sanitize-untrusted-text.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Model and verifier text is untrusted: everything placed in the HTML report goes through this. It
 * also drops terminal escapes and control characters, which a page shown with `cat` would obey.
 */
export function escapeHtml(text: string): string {
  return sanitizeUntrustedText(text).replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}
