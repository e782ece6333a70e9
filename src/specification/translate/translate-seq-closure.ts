import { execArgumentFromReference, liftSpecClosure } from './lift-spec-closure.js';
import { SpecTranslationRefusal, type SpecExpression } from '../syntax/spec-syntax.js';
import { execOwnedTypeText, execParameterTypeText, type SpecType } from '../types/spec-type.js';
import type { SpecTranslator, Translated } from './spec-translator.js';

const INT: SpecType = { kind: 'int', name: 'int' };
export const SEQ_CLOSURE_METHODS: ReadonlySet<string> = new Set(['filter', 'map', 'map_values', 'fold_left', 'fold_right']);

/**
 * `s.filter(f)`, `s.map(f)` (f over the index and the element), `s.map_values(f)`, `s.fold_left(b, f)`
 * and `s.fold_right(f, b)`, exactly as vstd's seq.rs defines them: the closure is lifted into a spec
 * fn (liftSpecClosure) and a plain Rust function applies it along the sequence. fold_left folds from
 * the first element (f(f(b, s[0]), s[1])..), fold_right from the last (f(s[0], f(s[1], .. b))).
 */
export function translateSeqClosure(translator: SpecTranslator, receiver: Translated & { type: { kind: 'seq' } }, name: string, args: SpecExpression[], expected: SpecType | undefined): Translated {
  const element = receiver.type.element;
  const elementExec = execOwnedTypeText(element);
  const item = (reference: string) => execArgumentFromReference(element, reference);
  const call = (glue: string, lifted: ReturnType<typeof liftSpecClosure>, extra: string[], parameters: string[], body: string, result: SpecType): Translated => {
    const function_ = `vr_${name}_${lifted.id}`;
    translator.scope.lift!.glue.push(`pub fn exec_${function_}(${[...lifted.execCaptureParameters, `vr_s: &[${elementExec}]`, ...parameters].join(', ')}) -> ${glue} { ${body} }\n`);
    return { text: `${function_}(${[...lifted.captureArguments, receiver.text, ...extra].join(', ')})`, type: result };
  };
  const captures = (lifted: ReturnType<typeof liftSpecClosure>) => lifted.captureNames.map((capture) => `${capture}, `).join('');
  switch (name) {
    case 'filter': {
      arity(name, args, 1);
      const lifted = liftSpecClosure(translator, args[0], [element], { kind: 'bool' }, 'predicate');
      return call(`Vec<${elementExec}>`, lifted, [], [], `vr_s.iter().filter(|vr_x| exec_${lifted.name}(${captures(lifted)}${item('(*vr_x)')})).cloned().collect()`, receiver.type);
    }
    case 'map_values':
    case 'map': {
      arity(name, args, 1);
      const declared = expected?.kind === 'seq' ? expected.element : undefined;
      const lifted = liftSpecClosure(translator, args[0], name === 'map' ? [INT, element] : [element], declared, 'mapping');
      const result: SpecType = { kind: 'seq', element: lifted.result };
      const apply = name === 'map' ? `vr_s.iter().enumerate().map(|(vr_i, vr_x)| exec_${lifted.name}(${captures(lifted)}vr_i as i128, ${item('vr_x')}))` : `vr_s.iter().map(|vr_x| exec_${lifted.name}(${captures(lifted)}${item('vr_x')}))`;
      return call(`Vec<${execOwnedTypeText(lifted.result)}>`, lifted, [], [], `${apply}.collect()`, result);
    }
    case 'fold_left':
    case 'fold_right': {
      arity(name, args, 2);
      const [initial, closure] = name === 'fold_left' ? [args[0]!, args[1]!] : [args[1]!, args[0]!];
      const start = translator.translate(initial, expected);
      const accumulator = expected ?? (start.type.kind === 'int' ? INT : start.type);
      const startText = translator.store(start, accumulator);
      const lifted = liftSpecClosure(translator, closure, name === 'fold_left' ? [accumulator, element] : [element, accumulator], accumulator, 'step');
      const owned = execOwnedTypeText(accumulator);
      const accumulated = execArgumentFromReference(accumulator, '&vr_acc');
      const step = name === 'fold_left' ? `${accumulated}, ${item('vr_x')}` : `${item('vr_x')}, ${accumulated}`;
      const order = name === 'fold_left' ? 'vr_s.iter()' : 'vr_s.iter().rev()';
      return call(owned, lifted, [startText], [`vr_b: ${execParameterTypeText(accumulator)}`], `let mut vr_acc: ${owned} = ${ownedFromParameter(accumulator, 'vr_b')}; for vr_x in ${order} { vr_acc = exec_${lifted.name}(${captures(lifted)}${step}); } vr_acc`, accumulator);
    }
  }
  throw new SpecTranslationRefusal(`method ${name} on Seq is not translated`);
}

function arity(name: string, args: SpecExpression[], count: number): void {
  if (args.length !== count) throw new SpecTranslationRefusal(`${name} takes ${count} argument(s), found ${args.length}`);
}

/** An owned copy of a parameter the macro passed as `execParameterTypeText(type)`. */
function ownedFromParameter(type: SpecType, name: string): string {
  switch (type.kind) {
    case 'int':
    case 'bool':
    case 'char':
      return name;
    case 'seq':
      return `${name}.to_vec()`;
    default:
      return `${name}.clone()`;
  }
}
