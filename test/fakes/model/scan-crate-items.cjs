'use strict';
// The modules and Verus functions of a crate, read from its sources the way the fake needs them for
// --verify-module/--verify-function (synthetic approximation of rustc + Verus's VIR crate):
// - modules: the crate root, `mod m { ... }` and `mod m;` (m.rs or m/mod.rs beside a mod-rs file, else
//   in the file's own directory), skipping `#[cfg(test)]` modules, which `cargo check` never builds;
// - functions: `fn` items lexically inside `verus! { ... }` (Verus sees only those), named relative to
//   their module as Verus prints them: `f`, and methods `Type::method` / `Trait::method`
//   (V vir/src/ast_util.rs:457-465 friendly_fun_name_crate_relative). Nested fns in bodies are skipped.
// Not modelled: #[path] attributes, macros that generate items, other cfgs.
const fs = require('node:fs');
const path = require('node:path');
const { tokenizeRust } = require('./tokenize-rust.cjs');

/** The self type named by `impl ... {` tokens (the last path segment outside <...>, after `for` if any). */
function implTypeName(tokens) {
  let depth = 0;
  let name = null;
  for (const token of tokens) {
    if (token === '<') depth += 1;
    else if (token === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0 && token === 'where') break;
    else if (depth === 0 && token === 'for') name = null;
    else if (depth === 0 && /^[A-Za-z_]/.test(token) && token !== 'dyn' && token !== 'mut' && token !== 'const') name = token;
  }
  return name ?? '_';
}

/** Index of the first `{` or `;` at bracket depth 0 from `start` (an item's body or its end). */
function findBodyOrEnd(tokens, start) {
  let depth = 0;
  for (let at = start; at < tokens.length; at++) {
    const token = tokens[at];
    if (token === '(' || token === '[') depth += 1;
    else if (token === ')' || token === ']') depth -= 1;
    else if (depth === 0 && (token === '{' || token === ';')) return at;
  }
  return tokens.length;
}

const isCfgTest = (tokens, at) => tokens.slice(Math.max(0, at - 7), at).join('') === '#[cfg(test)]' || tokens.slice(Math.max(0, at - 8), at - 1).join('') === '#[cfg(test)]';

function scanFile(file, segments, childDir, modules) {
  const tokens = tokenizeRust(fs.readFileSync(file, 'utf8'));
  const root = { kind: 'module', segments, childDir };
  const stack = [root];
  const moduleOf = (frame) => modules.get(frame.segments.join('::'));
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at];
    if (token !== '}' && token !== '{' && token !== 'verus' && token !== 'mod' && token !== 'impl' && token !== 'trait' && token !== 'fn') continue;
    const owner = [...stack].reverse().find((frame) => frame.kind !== 'verus');
    const inVerus = stack.some((frame) => frame.kind === 'verus');
    const moduleFrame = [...stack].reverse().find((frame) => frame.kind === 'module');
    if (token === '}') {
      if (stack.length > 1) stack.pop();
    } else if (token === 'verus' && tokens[at + 1] === '!' && tokens[at + 2] === '{') {
      stack.push({ kind: 'verus' });
      at += 2;
    } else if (token === 'mod' && /^[A-Za-z_]/.test(tokens[at + 1] || '') && owner.kind === 'module') {
      const name = tokens[at + 1];
      const skip = isCfgTest(tokens, at);
      const child = { kind: skip ? 'block' : 'module', segments: [...owner.segments, name], childDir: path.join(owner.childDir, name) };
      if (tokens[at + 2] === '{') {
        if (!skip) modules.set(child.segments.join('::'), { segments: child.segments, functions: [] });
        stack.push(child);
        at += 2;
      } else if (tokens[at + 2] === ';' && !skip) {
        const candidates = [path.join(owner.childDir, `${name}.rs`), path.join(owner.childDir, name, 'mod.rs')];
        const found = candidates.find((candidate) => fs.existsSync(candidate));
        modules.set(child.segments.join('::'), { segments: child.segments, functions: [] });
        if (found !== undefined) scanFile(found, child.segments, path.join(owner.childDir, name), modules);
        at += 2;
      }
    } else if ((token === 'impl' || token === 'trait') && (owner.kind === 'module')) {
      const open = findBodyOrEnd(tokens, at + 1);
      if (tokens[open] === '{') {
        const name = token === 'trait' ? tokens[at + 1] : implTypeName(tokens.slice(at + 1, open));
        stack.push({ kind: 'impl', name, segments: owner.segments });
        at = open;
      }
    } else if (token === 'fn' && /^[A-Za-z_]/.test(tokens[at + 1] || '')) {
      const name = tokens[at + 1];
      if (inVerus && (owner.kind === 'module' || owner.kind === 'impl')) moduleOf(moduleFrame).functions.push(owner.kind === 'impl' ? `${owner.name}::${name}` : name);
      const open = findBodyOrEnd(tokens, at + 2);
      if (tokens[open] === '{') stack.push({ kind: 'fn' });
      at = open;
    } else if (token === '{') {
      stack.push({ kind: 'block' });
    }
  }
}

/** Scans the crate whose root file is `rootFile`; returns Map<module path joined by '::' ('' for the root), {segments, functions}>. */
function scanCrateItems(rootFile) {
  const modules = new Map([['', { segments: [], functions: [] }]]);
  if (fs.existsSync(rootFile)) scanFile(rootFile, [], path.dirname(rootFile), modules);
  return modules;
}

module.exports = { scanCrateItems };
