const ABBREVIATIONS = new Set(['i.e', 'e.g', 'etc', 'vs', 'cf', 'resp', 'approx', 'al', 'fig', 'no', 'viz']);

/**
 * Splits prose into sentences. A sentence ends at `.`, `!` or `?` followed by whitespace (or the end),
 * except inside backtick code, after an abbreviation (`i.e.`, `e.g.`, `etc.`), or after a list number
 * (`1.`). Method calls (`v.len()`) and decimals (`0.5`) never end a sentence because no space follows
 * their dot. A blank line also ends a sentence.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  let inCode = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '`') {
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (character === '\n' && text[index + 1] === '\n') {
      pushSentence(text.slice(start, index), sentences);
      start = index + 1;
      continue;
    }
    if (character !== '.' && character !== '!' && character !== '?') continue;
    let end = index + 1;
    while (end < text.length && /[.!?)"'\]]/.test(text[end]!)) end += 1;
    if (end < text.length && !/\s/.test(text[end]!)) continue;
    if (character === '.' && !endsSentence(text.slice(start, index))) continue;
    pushSentence(text.slice(start, end), sentences);
    start = end;
    index = end - 1;
  }
  pushSentence(text.slice(start), sentences);
  return sentences;
}

function endsSentence(before: string): boolean {
  const word = /(\S+)$/.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase().replace(/^[("']+/, ''))) return false;
  if (/^\d+$/.test(word) && /(^|\n)\s*\d+$/.test(before)) return false;
  return true;
}

function pushSentence(raw: string, sentences: string[]): void {
  const sentence = raw.trim();
  if (sentence !== '') sentences.push(sentence);
}
