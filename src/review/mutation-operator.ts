/**
 * The mutation operators of `verus-repair review`, by stable name. Each rewrites executable code
 * only; names appear in reports, the review record and `--operators`.
 */
export const MUTATION_OPERATORS = {
  'relational-operator': 'replace a comparison: < with <=, > with >=, == with != (and back)',
  'arithmetic-operator': 'replace arithmetic: + with -, - with +, * with /, / with *, % with / (compound assignments too)',
  'logical-operator': 'replace && with || and || with &&',
  'constant': 'replace an integer literal c with c+1, c-1, 0 and the bounds of a suffixed literal type',
  'negate-condition': 'negate the condition of an if or while',
  'delete-statement': 'delete an assignment, a push or a set call (never a let)',
  'return-value': 'replace the returned value with a default of the return type or a parameter of the same type',
  'index-shift': 'shift an index: v[i] to v[i + 1] and v[i - 1]',
  'swap-arguments': 'swap two adjacent call arguments that are parameters of the same type',
} as const;

export type MutationOperator = keyof typeof MUTATION_OPERATORS;

export const MUTATION_OPERATOR_NAMES = Object.keys(MUTATION_OPERATORS) as MutationOperator[];

export function isMutationOperator(name: string): name is MutationOperator {
  return Object.hasOwn(MUTATION_OPERATORS, name);
}
