'use strict';
// A small Rust tokenizer for the fake Verus (synthetic): identifiers and single punctuation
// characters, with comments, strings and char literals skipped, so that item scanning is not fooled
// by `fn` or braces inside them. Lifetimes (`'a`) are skipped; numbers become one token.

const RAW_START = /^b?r#*"/;
const WORD = /[A-Za-z0-9_]/;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /[0-9][A-Za-z0-9_.]*/y;

function skipString(text, start) {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}

function skipRawString(text, start) {
  let at = start;
  while (text[at] !== '#' && text[at] !== '"') at += 1;
  let hashes = 0;
  while (text[at] === '#') {
    hashes += 1;
    at += 1;
  }
  const close = `"${'#'.repeat(hashes)}`;
  const end = text.indexOf(close, at + 1);
  return end < 0 ? text.length : end + close.length;
}

function skipBlockComment(text, start) {
  let depth = 0;
  let at = start;
  while (at < text.length) {
    if (text.startsWith('/*', at)) {
      depth += 1;
      at += 2;
    } else if (text.startsWith('*/', at)) {
      depth -= 1;
      at += 2;
      if (depth === 0) return at;
    } else at += 1;
  }
  return at;
}

/** Returns the tokens of `text` as strings. */
function tokenizeRust(text) {
  const tokens = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === ' ' || char === '\n' || char === '\t' || char === '\r') at += 1;
    else if (text.startsWith('//', at)) at = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
    else if (text.startsWith('/*', at)) at = skipBlockComment(text, at);
    else if ((char === 'r' || char === 'b') && RAW_START.test(text.slice(at, at + 4)) && !WORD.test(text[at - 1] || '')) at = skipRawString(text, at);
    else if (char === '"' || (char === 'b' && text[at + 1] === '"')) at = skipString(text, char === 'b' ? at + 1 : at);
    else if (char === "'") {
      if (text[at + 1] === '\\') at = text.indexOf("'", at + 2) + 1;
      else if (text[at + 2] === "'") at += 3;
      else at += 1; // a lifetime: its name follows as an identifier, which is harmless
    } else if (WORD.test(char)) {
      const pattern = /[0-9]/.test(char) ? NUMBER : IDENTIFIER;
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      tokens.push(match[0]);
      at += match[0].length;
    } else {
      tokens.push(char);
      at += 1;
    }
  }
  return tokens;
}

module.exports = { tokenizeRust };
