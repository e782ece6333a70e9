import { CLOSURES, SpecTranslationRefusal, type SpecExpression } from '../syntax/spec-syntax.js';
import type { SpecScope } from '../types/spec-scope.js';
import { resolveSpecType } from '../types/spec-scope.js';
import { describeSpecType, isIntegerTypeName, rangeWithin, sameStorage, type IntegerTypeName, type SpecType } from '../types/spec-type.js';
import { translateCall, translateMethod, translateMethodOn } from './translate-spec-call.js';
import { translateQuantifier } from './translate-quantifier.js';
import { translateMatch } from './translate-spec-match.js';
import { translateBinary, translateComparison, translatePair } from './translate-spec-operator.js';
import type { SpecTranslator, Translated } from './spec-translator.js';

export type { SpecTranslator, Translated } from './spec-translator.js';

/**
 * Translates a spec expression for vstd's exec_spec_unverified! so that its exec value is the spec
 * value exactly or evaluation panics (a panic is never a counterexample): integers are computed in
 * i128 with checked arithmetic, Euclidean `/` and `%` (Verus's definition), and every narrowing
 * (`as u32`, a u32 parameter, an index) checks the range where the macro's `as` would wrap.
 */
export class TypedSpecTranslator implements SpecTranslator {
  constructor(readonly scope: SpecScope, readonly calls: Set<string> = new Set()) {}

  /** A translator whose scope also has these variables (binders, `let`s, `matches` bindings). */
  with(variables: ReadonlyMap<string, { text: string; type: SpecType }>): SpecTranslator {
    // A `matches` binding stands for `r.unwrap()`: a later binder named r would change what that text means.
    for (const name of variables.keys()) {
      const user = [...this.scope.variables].find(([, variable]) => variable.text !== name && new RegExp(String.raw`\b${name}\b`).test(variable.text));
      if (user !== undefined) throw new SpecTranslationRefusal(`the binding ${name} shadows a name that ${user[0]} stands for (${user[1].text})`);
    }
    return new TypedSpecTranslator({ ...this.scope, variables: new Map([...this.scope.variables, ...variables]) }, this.calls);
  }

  /** A translator over another scope (a lifted function's), recording calls in the same set. */
  withScope(scope: SpecScope): SpecTranslator {
    return new TypedSpecTranslator(scope, this.calls);
  }

  translate(expression: SpecExpression, expected?: SpecType): Translated {
    switch (expression.kind) {
      case 'integer': return this.integer(expression.value, expression.suffix, expected);
      case 'boolean': return { text: String(expression.value), type: { kind: 'bool' } };
      case 'char': return { text: expression.text, type: { kind: 'char' } };
      case 'path': return this.path(expression.segments, expected);
      case 'call': return translateCall(this, expression, expected);
      case 'method': return translateMethod(this, expression, expected);
      case 'field': return this.field(this.translate(expression.base), expression.name);
      case 'index': return this.index(this.translate(expression.base), expression.index);
      case 'view': return this.view(this.translate(expression.base));
      case 'cast': return this.cast(expression.operand, expression.type.name);
      case 'unary': return this.unary(expression.operator, expression.operand, expected);
      case 'binary': return translateBinary(this, expression);
      case 'comparison': return translateComparison(this, expression.operands, expression.operators);
      case 'matches': return this.matches(expression);
      case 'is': return this.isVariant(this.translate(expression.operand), expression.variant);
      case 'if': return this.conditional(expression, expected);
      case 'match': return translateMatch(this, expression, expected);
      case 'block': return this.block(expression, expected);
      case 'quantifier': return translateQuantifier(this, expression);
      case 'tuple': return this.tuple(expression.elements, expected);
      case 'seq-literal': return this.seqLiteral(expression.elements, expected);
      case 'closure': throw new SpecTranslationRefusal(CLOSURES);
    }
  }

  bool(expression: SpecExpression): string {
    const translated = this.translate(expression, { kind: 'bool' });
    if (translated.type.kind !== 'bool') throw new SpecTranslationRefusal(`expected a bool, found ${describeSpecType(translated.type)}`);
    return translated.text;
  }

  wide(expression: SpecExpression): Translated & { type: { kind: 'int'; name: IntegerTypeName } } {
    const translated = this.translate(expression, { kind: 'int', name: 'int' });
    if (translated.type.kind !== 'int') throw new SpecTranslationRefusal(`expected an integer, found ${describeSpecType(translated.type)}`);
    return translated as Translated & { type: { kind: 'int'; name: IntegerTypeName } };
  }

  /** The text of `value` stored as `target` (int and nat as i128; a fixed-width integer narrowed with a range check). */
  store(value: Translated, target: SpecType): string {
    if (target.kind === 'int') {
      if (value.type.kind !== 'int') throw new SpecTranslationRefusal(`type mismatch: ${describeSpecType(value.type)} where ${describeSpecType(target)} is expected`);
      return target.name === 'int' || target.name === 'nat' ? value.text : `vr_narrow_${target.name}(${value.text})`;
    }
    if (!sameStorage(value.type, target)) throw new SpecTranslationRefusal(`type mismatch: ${describeSpecType(value.type)} where ${describeSpecType(target)} is expected`);
    return value.text;
  }

  /** A stored value as an expression's value: an integer widened to i128. */
  load(text: string, type: SpecType): Translated {
    return { text: type.kind === 'int' ? `vr_int(${text})` : text, type };
  }

  use(key: string): void {
    this.calls.add(key);
  }

  private integer(value: bigint, suffix: string | null, expected: SpecType | undefined): Translated {
    if (expected !== undefined && expected.kind !== 'int') throw new SpecTranslationRefusal(`an integer literal where ${describeSpecType(expected)} is expected`);
    if (suffix !== null && !isIntegerTypeName(suffix)) throw new SpecTranslationRefusal(`integer literal suffix ${suffix}`);
    if (value >= 1n << 127n) throw new SpecTranslationRefusal(`the literal ${value} does not fit in i128`);
    return { text: `${value}i128`, type: { kind: 'int', name: suffix ?? 'nat' } };
  }

  private path(segments: string[], expected: SpecType | undefined): Translated {
    const [head, member] = segments;
    if (segments.length === 1) {
      if (head === 'None') {
        if (expected?.kind !== 'option') throw new SpecTranslationRefusal('None here needs the type of the other side to be known');
        return { text: 'None', type: expected };
      }
      const variable = this.scope.variables.get(head!);
      if (variable === undefined) throw new SpecTranslationRefusal(`${head} is not a parameter, binder or local of the clause (constants and other names are not translated)`);
      return this.load(variable.text, variable.type);
    }
    if (segments.length === 2 && isIntegerTypeName(head!) && head !== 'int' && head !== 'nat' && (member === 'MAX' || member === 'MIN')) return this.load(`${head}::${member}`, { kind: 'int', name: head });
    throw new SpecTranslationRefusal(`${segments.join('::')} is not translated (only parameters, binders, locals and integer MAX/MIN constants are)`);
  }

  field(base: Translated, name: string): Translated {
    if (base.type.kind === 'struct') {
      const type = this.scope.structs.get(base.type.name)?.fields.get(name);
      if (type === undefined) throw new SpecTranslationRefusal(`struct ${base.type.name} has no field ${name} check-spec can read`);
      this.use(`struct ${base.type.name}`);
      return this.load(`${base.text}.${name}`, type);
    }
    if (base.type.kind === 'tuple' && /^\d+$/.test(name) && base.type.elements[Number(name)] !== undefined) return this.load(`${base.text}.${name}`, base.type.elements[Number(name)]!);
    throw new SpecTranslationRefusal(`field ${name} of ${describeSpecType(base.type)}`);
  }

  index(base: Translated, index: SpecExpression): Translated {
    if (base.type.kind !== 'seq') throw new SpecTranslationRefusal(`indexing ${describeSpecType(base.type)} (only sequences are)`);
    return this.load(`${base.text}[vr_narrow_usize(${this.wide(index).text})]`, base.type.element);
  }

  view(base: Translated): Translated {
    if (base.type.kind === 'seq') return base;
    if (base.type.kind === 'struct') return translateMethodOn(this, base, 'view', []);
    throw new SpecTranslationRefusal(`@ of ${describeSpecType(base.type)}`);
  }

  /** `as int` keeps the value, `as nat`/`as u32`... check the range (Verus leaves an out-of-range cast unspecified; the macro's `as` would wrap). */
  private cast(operand: SpecExpression, target: string): Translated {
    const translated = this.translate(operand, { kind: 'int', name: 'int' });
    // A char's integer value is its code point (u32: every char fits).
    if (translated.type.kind !== 'int' && translated.type.kind !== 'char') throw new SpecTranslationRefusal(`expected an integer, found ${describeSpecType(translated.type)}`);
    const value = translated.type.kind === 'char' ? { text: `vr_int((${translated.text} as u32))`, type: { kind: 'int' as const, name: 'u32' as const } } : { text: translated.text, type: translated.type };
    if (!isIntegerTypeName(target)) throw new SpecTranslationRefusal(`a cast to ${target} (only casts to integer types are translated)`);
    if (target === 'int') return { text: value.text, type: { kind: 'int', name: 'int' } };
    const checked = rangeWithin(value.type.name, target) ? value.text : `vr_cast_${target}(${value.text})`;
    return { text: checked, type: { kind: 'int', name: target } };
  }

  private unary(operator: '!' | '-' | '*', operand: SpecExpression, expected: SpecType | undefined): Translated {
    if (operator === '*') return this.translate(operand, expected);
    if (operator === '!') return { text: `(!${this.bool(operand)})`, type: { kind: 'bool' } };
    return { text: `vr_neg(${this.wide(operand).text})`, type: { kind: 'int', name: 'int' } };
  }

  /** `r matches Some(i) ==> body`: the binding i stands for `r.unwrap()` in body (the macro would bind it as a reference). */
  private matches(expression: Extract<SpecExpression, { kind: 'matches' }>): Translated {
    const operand = this.translate(expression.operand);
    if (operand.type.kind !== 'option') throw new SpecTranslationRefusal(`matches on ${describeSpecType(operand.type)} (only Option is translated)`);
    const test = `(${operand.text} matches ${expression.pattern.kind === 'none' ? 'None' : 'Some(_)'})`;
    if (expression.continuation === null) return { text: test, type: { kind: 'bool' } };
    const binding = expression.pattern.kind === 'some' ? expression.pattern.binding : null;
    const inner = binding === null ? this : this.with(new Map([[binding, { text: `${operand.text}.unwrap()`, type: operand.type.inner }]]));
    return { text: `(${test} ${expression.continuation.operator} ${inner.bool(expression.continuation.body)})`, type: { kind: 'bool' } };
  }

  isVariant(operand: Translated, variant: string): Translated {
    if (operand.type.kind !== 'option' || (variant !== 'Some' && variant !== 'None')) throw new SpecTranslationRefusal(`${describeSpecType(operand.type)} is ${variant} (only Option's Some and None are translated)`);
    return { text: `(${operand.text} matches ${variant === 'Some' ? 'Some(_)' : 'None'})`, type: { kind: 'bool' } };
  }

  private conditional(expression: Extract<SpecExpression, { kind: 'if' }>, expected: SpecType | undefined): Translated {
    const condition = this.bool(expression.condition);
    const [a, b] = translatePair(this, expression.then, expression.otherwise, expected);
    if (a.type.kind === 'int' && b.type.kind === 'int') return { text: `(if ${condition} { ${a.text} } else { ${b.text} })`, type: { kind: 'int', name: a.type.name === b.type.name ? a.type.name : 'int' } };
    if (!sameStorage(a.type, b.type)) throw new SpecTranslationRefusal(`if branches of types ${describeSpecType(a.type)} and ${describeSpecType(b.type)}`);
    return { text: `(if ${condition} { ${a.text} } else { ${b.text} })`, type: a.type };
  }

  private block(expression: Extract<SpecExpression, { kind: 'block' }>, expected: SpecType | undefined): Translated {
    let scope: SpecTranslator = this;
    const lets: string[] = [];
    for (const binding of expression.bindings) {
      const value = scope.translate(binding.value);
      lets.push(`let ${binding.name} = ${value.text};`);
      scope = scope.with(new Map([[binding.name, { text: binding.name, type: value.type }]]));
    }
    const result = scope.translate(expression.result, expected);
    return { text: `({ ${lets.join(' ')} ${result.text} })`, type: result.type };
  }

  private tuple(elements: SpecExpression[], expected: SpecType | undefined): Translated {
    if (elements.length === 0) return { text: '()', type: { kind: 'unit' } };
    const types = expected?.kind === 'tuple' && expected.elements.length === elements.length ? expected.elements : [];
    const values = elements.map((element, position) => this.translate(element, types[position]));
    const stored = values.map((value, position) => types[position] ?? (value.type.kind === 'int' ? { kind: 'int' as const, name: 'int' as const } : value.type));
    return { text: `(${values.map((value, position) => this.store(value, stored[position]!)).join(', ')}${values.length === 1 ? ',' : ''})`, type: { kind: 'tuple', elements: stored } };
  }

  private seqLiteral(elements: SpecExpression[], expected: SpecType | undefined): Translated {
    const declared = expected?.kind === 'seq' ? expected.element : undefined;
    const values = elements.map((element) => this.translate(element, declared));
    const element = declared ?? (values[0] === undefined ? undefined : values[0].type.kind === 'int' ? { kind: 'int' as const, name: 'int' as const } : values[0].type);
    if (element === undefined) throw new SpecTranslationRefusal('seq![] here needs its element type to be known');
    return { text: `seq![${values.map((value) => this.store(value, element)).join(', ')}]`, type: { kind: 'seq', element } };
  }

  /** The spec type of a written type, resolved against the crate's structs. */
  resolveType(syntax: import('../syntax/spec-syntax.js').SpecTypeSyntax): SpecType {
    return resolveSpecType(syntax, this.scope.structs);
  }
}
