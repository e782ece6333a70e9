/**
 * The offset of the first JSON syntax error in `text` (RFC 8259), or null when it is one JSON value.
 * JSON.parse says where only on some Node versions ("at position N"); this says it on all of them,
 * so a bad file is named with its line and column.
 */
export function findJsonSyntaxError(text: string): number | null {
  let at = 0;
  const fail = (): never => {
    throw new JsonSyntaxError(at);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at++;
  };
  const expect = (character: string) => (text[at] === character ? at++ : fail());
  const literal = (word: string) => (text.startsWith(word, at) ? (at += word.length) : fail());
  const string = () => {
    expect('"');
    while (text[at] !== '"') {
      const character = text[at];
      if (character === undefined || character < ' ') fail();
      if (character === '\\') {
        at++;
        if (text[at] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) fail();
          at += 4;
        } else if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail();
      }
      at++;
    }
    at++;
  };
  const number = () => {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(at));
    if (match === null) fail();
    at += match?.[0].length ?? 0;
  };
  const value = (): void => {
    space();
    const character = text[at];
    if (character === '{') members('}', () => {
      space();
      string();
      space();
      expect(':');
      value();
    });
    else if (character === '[') members(']', value);
    else if (character === '"') string();
    else if (character === 't') literal('true');
    else if (character === 'f') literal('false');
    else if (character === 'n') literal('null');
    else number();
    space();
  };
  const members = (close: string, member: () => void) => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      member();
      space();
      if (text[at] === close) {
        at++;
        return;
      }
      expect(',');
    }
  };
  try {
    value();
    return at === text.length ? null : at;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error.offset;
    throw error;
  }
}

class JsonSyntaxError extends Error {
  constructor(readonly offset: number) {
    super(`JSON syntax error at ${offset}`);
  }
}
