import { SpecTranslationRefusal, type SpecExpression } from '../syntax/spec-syntax.js';
import type { SpecSignature } from '../types/spec-scope.js';
import { describeSpecType, storageTypeText, type SpecType } from '../types/spec-type.js';
import type { SpecTranslator, Translated } from './spec-translator.js';
import { SEQ_CLOSURE_METHODS, translateSeqClosure } from './translate-seq-closure.js';
import { translateSeqNew } from './translate-seq-new.js';

const NAT: SpecType = { kind: 'int', name: 'nat' };
const BOOL: SpecType = { kind: 'bool' };

const INT: SpecType = { kind: 'int', name: 'int' };

/**
 * vstd's spec fns over integers, over wide integers, by the module that declares them: called by
 * name when the crate has no spec fn of that name. math.rs (min, max, max3, abs, clip, add, sub,
 * div), arithmetic/power.rs (pow, recursive on e) and arithmetic/logarithm.rs (log, recursive on pow).
 */
const VSTD_INTEGER_FNS: Readonly<Record<string, { module: string[]; arity: number; result: SpecType; text: (args: string[]) => string }>> = {
  min: { module: ['math'], arity: 2, result: INT, text: ([a, b]) => `vr_min(${a}, ${b})` },
  max: { module: ['math'], arity: 2, result: INT, text: ([a, b]) => `vr_max(${a}, ${b})` },
  max3: { module: ['math'], arity: 3, result: INT, text: ([a, b, c]) => `vr_max(${a}, vr_max(${b}, ${c}))` },
  abs: { module: ['math'], arity: 1, result: NAT, text: ([a]) => `vr_abs(${a})` },
  clip: { module: ['math'], arity: 1, result: NAT, text: ([a]) => `vr_max(${a}, 0i128)` },
  add: { module: ['math'], arity: 2, result: INT, text: ([a, b]) => `vr_add(${a}, ${b})` },
  sub: { module: ['math'], arity: 2, result: INT, text: ([a, b]) => `vr_sub(${a}, ${b})` },
  div: { module: ['math'], arity: 2, result: INT, text: ([a, b]) => `vr_div(${a}, ${b})` },
  pow: { module: ['arithmetic', 'power'], arity: 2, result: INT, text: ([b, e]) => `vr_pow(${b}, ${e})` },
  log: { module: ['arithmetic', 'logarithm'], arity: 2, result: INT, text: ([base, pow]) => `vr_log(${base}, ${pow})` },
};

/** Whether a path written in a clause names vstd's fn: by its name alone (a glob or a `use` of it), or with a tail of its module path (`math::abs`, `vstd::arithmetic::power::pow`). */
function namesVstdFn(segments: readonly string[], module: readonly string[]): boolean {
  const written = segments.slice(0, -1);
  const full = ['vstd', ...module];
  return written.length <= full.length && written.every((segment, position) => segment === full[full.length - written.length + position]);
}

/** `f(args)`: old/final of a parameter, Some, Seq::empty, or a spec fn of the crate (free or `Type::f`). */
export function translateCall(translator: SpecTranslator, expression: Extract<SpecExpression, { kind: 'call' }>, expected: SpecType | undefined): Translated {
  if (expression.callee.kind !== 'path') throw new SpecTranslationRefusal('a call of a computed function');
  const { segments, generics } = expression.callee;
  const name = segments.join('::');
  const args = expression.args;
  const [only] = args;
  if ((name === 'old' || name === 'final') && args.length === 1 && only?.kind === 'path' && only.segments.length === 1) {
    const written = only.segments[0]!;
    const variable = translator.scope.variables.get(name === 'old' ? translator.scope.oldNames.get(written) ?? written : written);
    if (variable === undefined) throw new SpecTranslationRefusal(`${name}(${written}): ${written} is not a parameter here`);
    return translator.load(variable.text, variable.type);
  }
  if (name === 'Some' && only !== undefined && args.length === 1) {
    const declared = expected?.kind === 'option' ? expected.inner : undefined;
    const value = translator.translate(only, declared);
    const inner = declared ?? value.type;
    return { text: `Some(${translator.store(value, inner)})`, type: { kind: 'option', inner } };
  }
  if (segments[0] === 'Seq' && segments.length === 2 && segments[1] === 'new') return translateSeqNew(translator, args, generics, expected);
  if (segments[0] === 'Seq' && segments[segments.length - 1] === 'empty' && args.length === 0) {
    const element = generics[0] !== undefined ? translator.resolveType(generics[0]) : expected?.kind === 'seq' ? expected.element : undefined;
    if (element === undefined) throw new SpecTranslationRefusal('Seq::empty() here needs its element type to be known');
    const type: SpecType = { kind: 'seq', element };
    return { text: `Seq::<${storageTypeText(element)}>::empty()`, type };
  }
  const signature = translator.scope.functions.get(name);
  // `use vstd::math::abs as vabs;`: the alias stands for vstd's path.
  const imported = signature === undefined && segments.length === 1 ? translator.scope.imports?.get(name) : undefined;
  const path = imported ?? segments;
  const last = path[path.length - 1]!;
  const vstdFn = Object.hasOwn(VSTD_INTEGER_FNS, last) ? VSTD_INTEGER_FNS[last] : undefined;
  if (signature === undefined && vstdFn !== undefined && namesVstdFn(path, vstdFn.module) && !translator.scope.unavailable?.has(name)) {
    if (args.length !== vstdFn.arity) throw new SpecTranslationRefusal(`${name} takes ${vstdFn.arity} argument(s), found ${args.length}`);
    return { text: vstdFn.text(args.map((argument) => translator.wide(argument).text)), type: vstdFn.result };
  }
  const unavailable = translator.scope.unavailable?.get(name);
  if (signature === undefined && unavailable !== undefined) throw new SpecTranslationRefusal(`uses spec fn ${name}, which is not executable: ${unavailable}`);
  if (signature === undefined) throw new SpecTranslationRefusal(`calls ${name}, which is not a spec fn of the crate that check-spec can copy`);
  return callSignature(translator, signature, null, args);
}

export function translateMethod(translator: SpecTranslator, expression: Extract<SpecExpression, { kind: 'method' }>, expected?: SpecType): Translated {
  return translateMethodOn(translator, translator.translate(expression.receiver), expression.name, expression.args, expected);
}

/** A method of Seq or Option the macro compiles, or a spec fn declared in the receiver struct's impl. */
export function translateMethodOn(translator: SpecTranslator, receiver: Translated, name: string, args: SpecExpression[], expected?: SpecType): Translated {
  const arity = (count: number) => {
    if (args.length !== count) throw new SpecTranslationRefusal(`${name} takes ${count} argument(s), found ${args.length}`);
  };
  const usize = (argument: SpecExpression) => `vr_narrow_usize(${translator.wide(argument).text})`;
  const type = receiver.type;
  if (type.kind === 'seq') {
    const stored = (argument: SpecExpression, as: SpecType) => translator.store(translator.translate(argument, as), as);
    switch (name) {
      case 'len': arity(0); return translator.load(`${receiver.text}.len()`, NAT);
      case 'index': arity(1); return translator.index(receiver, args[0]!);
      case 'first':
      case 'last': arity(0); return translator.load(`${receiver.text}.${name}()`, type.element);
      case 'drop_first':
      case 'drop_last': arity(0); return { text: `${receiver.text}.${name}()`, type };
      case 'take':
      case 'skip': arity(1); return { text: `${receiver.text}.${name}(${usize(args[0]!)})`, type };
      case 'subrange': arity(2); return { text: `${receiver.text}.subrange(${usize(args[0]!)}, ${usize(args[1]!)})`, type };
      case 'update': arity(2); return { text: `${receiver.text}.update(${usize(args[0]!)}, ${stored(args[1]!, type.element)})`, type };
      case 'push': arity(1); return { text: `${receiver.text}.push(${stored(args[0]!, type.element)})`, type };
      case 'add': arity(1); return { text: `${receiver.text}.add(${stored(args[0]!, type)})`, type };
      case 'contains': arity(1); return { text: `${receiver.text}.contains(${stored(args[0]!, type.element)})`, type: BOOL };
      case 'is_prefix_of':
      case 'is_suffix_of': arity(1); return { text: `${receiver.text}.${name}(${stored(args[0]!, type)})`, type: BOOL };
      case 'view':
      case 'deep_view': arity(0); return receiver;
      // vstd's seq.rs and seq_lib.rs definitions, computed by helpers (spec-value-helpers.ts).
      case 'reverse': arity(0); return { text: `vr_seq_reverse(${receiver.text})`, type };
      case 'no_duplicates': arity(0); return { text: `vr_seq_no_duplicates(${receiver.text})`, type: BOOL };
    }
    if (SEQ_CLOSURE_METHODS.has(name)) return translateSeqClosure(translator, { ...receiver, type }, name, args, expected);
  }
  if (type.kind === 'option') {
    switch (name) {
      case 'unwrap':
      case 'get_Some_0': arity(0); return translator.load(`${receiver.text}.unwrap()`, type.inner);
      case 'is_some': arity(0); return translator.isVariant(receiver, 'Some');
      case 'is_none': arity(0); return translator.isVariant(receiver, 'None');
    }
  }
  if (type.kind === 'struct') {
    const signature = translator.scope.functions.get(`${type.name}::${name}`);
    if (signature?.method === true) return callSignature(translator, signature, receiver, args);
    const unavailable = translator.scope.unavailable?.get(`${type.name}::${name}`);
    if (unavailable !== undefined) throw new SpecTranslationRefusal(`uses spec fn ${type.name}::${name}, which is not executable: ${unavailable}`);
    throw new SpecTranslationRefusal(`${type.name}.${name}(..) is not a spec fn of ${type.name}'s impls that check-spec can copy`);
  }
  throw new SpecTranslationRefusal(`method ${name} on ${describeSpecType(type)} is not translated`);
}

function callSignature(translator: SpecTranslator, signature: SpecSignature, receiver: Translated | null, args: SpecExpression[]): Translated {
  const given = (receiver === null ? 0 : 1) + args.length;
  if (given !== signature.parameters.length) throw new SpecTranslationRefusal(`${signature.key} takes ${signature.parameters.length} argument(s), found ${given}`);
  const texts = signature.parameters.map((parameter, position) => {
    if (receiver !== null && position === 0) return translator.store(receiver, parameter);
    const argument = args[position - (receiver === null ? 0 : 1)]!;
    return translator.store(translator.translate(argument, parameter), parameter);
  });
  translator.use(signature.key);
  return translator.load(`${signature.emittedName}(${texts.join(', ')})`, signature.result);
}
