'use strict';
// `timePerFunctionMs`: the fake sleeps that long for every function a run verifies (all `fn` items
// under src/ for a crate, those of the module's file for --verify-only-module/--verify-root, one for
// --verify-function), so benchmarks see a verifier whose time follows how much it verifies. This is a
// cost model of the benchmarks, not a measurement of Verus.
const fs = require('node:fs');
const path = require('node:path');

function countIn(file) {
  try {
    return (fs.readFileSync(file, 'utf8').match(/\bfn\s+[A-Za-z_][A-Za-z0-9_]*/g) || []).length;
  } catch {
    return 0;
  }
}

function countVerifiedFunctions(argv, cwd) {
  const separator = argv.indexOf('--');
  const verusArgs = separator < 0 ? [] : argv.slice(separator + 1);
  const src = path.join(cwd, 'src');
  if (verusArgs.includes('--verify-function')) return 1;
  const moduleIndex = verusArgs.indexOf('--verify-only-module');
  if (moduleIndex >= 0) {
    const relative = (verusArgs[moduleIndex + 1] || '').split('::').join('/');
    return countIn(path.join(src, `${relative}.rs`)) || countIn(path.join(src, relative, 'mod.rs'));
  }
  if (verusArgs.includes('--verify-root')) return countIn(path.join(src, 'lib.rs'));
  let total = 0;
  const walk = (directory) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(directory, entry.name));
      else if (entry.name.endsWith('.rs')) total += countIn(path.join(directory, entry.name));
    }
  };
  if (fs.existsSync(src)) walk(src);
  return total;
}

module.exports = { countVerifiedFunctions };
