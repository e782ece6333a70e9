/**
 * Constructs that let a proof pass without proving anything (verus-facts.md §6). The guard counts
 * them per function in the original and in the candidate: any increase is a rejection, so files
 * that already contain some (benchmark inputs) still work.
 */
export const CHEAT_CONSTRUCTS = [
  'assume',
  'admit',
  'assume_specification',
  'external_body',
  'external',
  'axiom',
  'assume_termination',
  'exec_allows_no_decreases_clause',
  'inline_air_stmt',
  'cfg-verus-only',
  'pervasive-assume',
] as const;

export type CheatConstruct = (typeof CHEAT_CONSTRUCTS)[number];

/** A token of source text with comments removed, as the IR yields it. */
export interface GuardToken {
  text: string;
  line: number;
}

export type CheatCounts = Record<CheatConstruct, number>;

export function emptyCheatCounts(): CheatCounts {
  return Object.fromEntries(CHEAT_CONSTRUCTS.map((construct) => [construct, 0])) as CheatCounts;
}

const VERIFIER_ATTRIBUTES: Partial<Record<string, CheatConstruct>> = {
  external_body: 'external_body',
  external: 'external',
  external_fn_specification: 'assume_specification',
  assume_termination: 'assume_termination',
  exec_allows_no_decreases_clause: 'exec_allows_no_decreases_clause',
};

/** Counts cheat constructs in a token sequence, returning the counts and the first line of each. */
export function countCheatConstructs(tokens: readonly GuardToken[]): { counts: CheatCounts; firstLine: Partial<Record<CheatConstruct, number>> } {
  const counts = emptyCheatCounts();
  const firstLine: Partial<Record<CheatConstruct, number>> = {};
  const note = (construct: CheatConstruct, line: number): void => {
    counts[construct] += 1;
    firstLine[construct] ??= line;
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token === undefined) continue;
    const next = (offset: number): string => tokens[index + offset]?.text ?? '';
    switch (token.text) {
      case 'assume':
      case 'admit':
        if (next(1) === '(') note(next(-1) === '::' && next(-2) === 'pervasive' ? 'pervasive-assume' : token.text, token.line);
        else if (next(-1) === '::' && next(-2) === 'pervasive') note('pervasive-assume', token.line);
        break;
      case 'assume_specification':
      case 'inline_air_stmt':
        note(token.text, token.line);
        break;
      case 'axiom':
        if (next(1) === 'fn') note('axiom', token.line);
        break;
      case 'verifier': {
        // #[verifier::name] and the old form #[verifier(name)]
        const name = next(1) === '::' ? next(2) : next(1) === '(' ? next(2) : '';
        const construct = VERIFIER_ATTRIBUTES[name];
        if (construct !== undefined && next(-1) === '[') note(construct, token.line);
        break;
      }
      case 'cfg':
      case 'cfg_attr':
        if (next(1) === '(' && mentionsVerusCfg(tokens, index + 1)) note('cfg-verus-only', token.line);
        break;
      default:
        break;
    }
  }
  return { counts, firstLine };
}

/** Whether the parenthesized cfg predicate starting at `open` names one of Verus's cfgs, at any depth. */
function mentionsVerusCfg(tokens: readonly GuardToken[], open: number): boolean {
  let depth = 0;
  for (let index = open; index < tokens.length; index++) {
    const text = tokens[index]?.text;
    if (text === '(') depth += 1;
    else if (text === ')' && --depth === 0) return false;
    else if (text === 'verus_only' || text === 'verus_keep_ghost' || text === 'verus_keep_ghost_body') return true;
  }
  return false;
}
