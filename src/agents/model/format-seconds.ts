/** Milliseconds as seconds for messages: 700 → "0.7", 30000 → "30". */
export function formatSeconds(milliseconds: number): string {
  return String(Number((milliseconds / 1000).toFixed(1)));
}
