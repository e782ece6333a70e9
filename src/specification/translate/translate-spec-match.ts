import { SpecTranslationRefusal, type MatchPattern, type SpecExpression } from '../syntax/spec-syntax.js';
import { describeSpecType, sameStorage, type SpecType } from '../types/spec-type.js';
import type { SpecTranslator, Translated } from './spec-translator.js';

type Match = Extract<SpecExpression, { kind: 'match' }>;
type Variables = Map<string, { text: string; type: SpecType }>;

/**
 * `match e { p if g => a, .. }` as `{ let vr_match_<n> = e; if <p matches> && g { a } else if .. }`.
 * vstd's macro compiles a match only over patterns of its own mirrored enums (its compile_pattern
 * has no literal patterns, and binds by reference), so the arms become tests on the value: a literal
 * or range by comparison (integers wide), Some/None by `matches`, a tuple element-wise; a binding
 * stands for the part it names (`vr_match_0.unwrap()`, `vr_match_0.1`). Verus requires a match to be
 * exhaustive, so the last arm without a guard is the final else.
 */
export function translateMatch(translator: SpecTranslator, expression: Match, expected: SpecType | undefined): Translated {
  const operand = translator.translate(expression.operand);
  const depth = [...translator.scope.variables.keys()].filter((name) => name.startsWith('#match')).length;
  const holder = `vr_match_${depth}`;
  const type = operand.type.kind === 'int' ? { kind: 'int' as const, name: 'int' as const } : operand.type;
  const scope = translator.with(new Map([[`#match${depth}`, { text: holder, type }]]));
  const last = expression.arms[expression.arms.length - 1];
  if (last === undefined) throw new SpecTranslationRefusal('a match without arms');
  if (last.guard !== null) throw new SpecTranslationRefusal('a match whose last arm has a guard (Verus requires the arms to be exhaustive: the last one is read as the rest)');
  const branches = expression.arms.map((arm) => {
    const variables: Variables = new Map();
    const test = patternTest(scope, arm.pattern, { text: holder, type }, variables);
    const inner = variables.size === 0 ? scope : scope.with(variables);
    const guard = arm.guard === null ? null : inner.bool(arm.guard);
    return { condition: [test, guard].filter((part): part is string => part !== null && part !== 'true'), body: inner.translate(arm.body, expected) };
  });
  const resultType = unify(branches.map((branch) => branch.body.type), expected);
  const store = (value: Translated) => (resultType.kind === 'int' ? value.text : scope.store(value, resultType));
  let text = store(branches[branches.length - 1]!.body);
  for (const branch of branches.slice(0, -1).reverse()) {
    text = branch.condition.length === 0 ? store(branch.body) : `if ${branch.condition.join(' && ')} { ${store(branch.body)} } else { ${text} }`;
  }
  return { text: `({ let ${holder} = ${operand.text}; ${text} })`, type: resultType };
}

/** The bool text testing that `value` matches `pattern` ('true' when it always does), adding its bindings. */
function patternTest(translator: SpecTranslator, pattern: MatchPattern, value: { text: string; type: SpecType }, bindings: Variables): string {
  switch (pattern.kind) {
    case 'wildcard': return 'true';
    case 'binding': bindings.set(pattern.name, value); return 'true';
    case 'literal': {
      const literal = translator.translate(pattern.value, value.type);
      if (value.type.kind === 'int' && literal.type.kind === 'int') return `(${translator.load(value.text, value.type).text} == ${literal.text})`;
      if (!sameStorage(literal.type, value.type)) throw new SpecTranslationRefusal(`a ${describeSpecType(literal.type)} pattern on ${describeSpecType(value.type)}`);
      return `(${value.text} == ${literal.text})`;
    }
    case 'range': {
      if (value.type.kind !== 'int' && value.type.kind !== 'char') throw new SpecTranslationRefusal(`a range pattern on ${describeSpecType(value.type)}`);
      const loaded = translator.load(value.text, value.type).text;
      const [low, high] = [translator.translate(pattern.low, value.type).text, translator.translate(pattern.high, value.type).text];
      return `(${low} <= ${loaded} && ${loaded} ${pattern.inclusive ? '<=' : '<'} ${high})`;
    }
    case 'none':
    case 'some': {
      if (value.type.kind !== 'option') throw new SpecTranslationRefusal(`${pattern.kind === 'some' ? 'Some' : 'None'} pattern on ${describeSpecType(value.type)}`);
      if (pattern.kind === 'none') return `(${value.text} matches None)`;
      const inner = patternTest(translator, pattern.inner, { text: `${value.text}.unwrap()`, type: value.type.inner }, bindings);
      return inner === 'true' ? `(${value.text} matches Some(_))` : `((${value.text} matches Some(_)) && ${inner})`;
    }
    case 'tuple': {
      if (value.type.kind !== 'tuple' || value.type.elements.length !== pattern.elements.length) throw new SpecTranslationRefusal(`a tuple pattern of ${pattern.elements.length} on ${describeSpecType(value.type)}`);
      const elements = value.type.elements;
      const tests = pattern.elements.map((element, position) => patternTest(translator, element, { text: `${value.text}.${position}`, type: elements[position]! }, bindings)).filter((test) => test !== 'true');
      return tests.length === 0 ? 'true' : `(${tests.join(' && ')})`;
    }
    case 'or': {
      const before = bindings.size;
      const tests = pattern.alternatives.map((alternative) => patternTest(translator, alternative, value, bindings));
      if (bindings.size !== before) throw new SpecTranslationRefusal('bindings inside alternatives (p | q) are not translated');
      return tests.includes('true') ? 'true' : `(${tests.join(' || ')})`;
    }
  }
}

/** The arms' common type: any integers together are wide (int), anything else must be stored alike. */
function unify(types: SpecType[], expected: SpecType | undefined): SpecType {
  const integers = types.flatMap((type) => (type.kind === 'int' ? [type.name] : []));
  if (integers.length === types.length) return { kind: 'int', name: integers.every((name) => name === integers[0]) ? integers[0]! : 'int' };
  const first = expected ?? types[0]!;
  for (const type of types) if (!sameStorage(type, first)) throw new SpecTranslationRefusal(`match arms of types ${describeSpecType(first)} and ${describeSpecType(type)}`);
  return first;
}
