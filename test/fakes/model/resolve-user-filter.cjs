'use strict';
// Verus's partial-verification filter, as V rust_verify/src/user_filter.rs:35-295 builds it
// (release/0.2026.06.07.cd03505). The messages are VIR errors without a span (util::error), which
// Verus reports as error diagnostics (verifier.rs:2687-2688). Input: the parsed args and the crate's
// modules from scan-crate-items.cjs. Returns { filter } or { error: message }.

// user_filter.rs:36-59: a module must exist; the message lists the non-root modules, sorted.
function validateModule(name, modules) {
  const segments = name.split('::');
  if (modules.has(segments.join('::'))) return { segments };
  const lines = [...modules.values()].filter((module) => module.segments.length > 0).map((module) => `- ${module.segments.join('::')}`).sort();
  return { error: [`could not find module ${name} specified by --verify-module or --verify-only-module`, 'available modules are:', ...lines, 'or use --verify-root'].join('\n') };
}

// user_filter.rs:266-295: `*` at either end is a wildcard; without one, the match is exact.
function strictMatches(pattern, names) {
  const clean = pattern.replace(/^\*+|\*+$/g, '');
  const left = pattern.startsWith('*');
  const right = pattern.endsWith('*');
  return names.filter((name) => (left && !right ? name.endsWith(clean) : !left && right ? name.startsWith(clean) : left && right ? name.includes(clean) : name === clean));
}

// user_filter.rs:174-264: exact (or wildcard) matches first; otherwise a single substring match is
// used silently; several, or none, are errors listing the candidates.
function matchFunctions(pattern, names) {
  const strict = strictMatches(pattern, names);
  if (strict.length > 0) return { functions: strict };
  const clean = pattern.replace(/^\*+|\*+$/g, '');
  const substring = names.filter((name) => name.includes(clean)).sort();
  if (clean === pattern) {
    if (substring.length === 1) return { functions: substring };
    if (substring.length > 1) {
      return { error: [`more than one match found for --verify-function ${pattern}, consider using wildcard *${pattern}* to verify all matched results,`, 'or specify a unique substring for the desired function, matched results are:', ...substring.map((name) => `  - ${name}`)].join('\n') };
    }
  } else if (substring.length >= 1) {
    return { error: [`could not find function ${pattern} specified by --verify-function,`, `consider *${clean}* if you want to verify similar functions:`, ...substring.map((name) => `  - ${name}`)].join('\n') };
  }
  return { error: [`could not find function ${pattern} specified by --verify-function`, 'available functions are:', ...[...names].sort().map((name) => `  - ${name}`)].join('\n') };
}

/** The filter Verus would build; `args` from parse-verus-args.cjs, `modules` from scan-crate-items.cjs. */
function resolveUserFilter(args, modules) {
  if (args.verifyFunction !== null) {
    const module = args.verifyRoot ? { segments: [] } : validateModule(args.verifyOnlyModule[0], modules);
    if (module.error) return module;
    const matched = matchFunctions(args.verifyFunction, modules.get(module.segments.join('::')).functions);
    return matched.error ? matched : { filter: { kind: 'function', module: module.segments.join('::'), functions: matched.functions } };
  }
  if (args.verifyModule.length === 0 && args.verifyOnlyModule.length === 0 && !args.verifyRoot) return { filter: { kind: 'everything' } };
  const selected = [];
  // user_filter.rs:81-99: --verify-module M selects M and its descendants.
  for (const name of args.verifyModule) {
    const module = validateModule(name, modules);
    if (module.error) return module;
    for (const key of modules.keys()) if (key === module.segments.join('::') || key.startsWith(`${module.segments.join('::')}::`)) selected.push(key);
  }
  for (const name of args.verifyOnlyModule) {
    const module = validateModule(name, modules);
    if (module.error) return module;
    selected.push(module.segments.join('::'));
  }
  if (args.verifyRoot) selected.push('');
  return { filter: { kind: 'modules', modules: selected } };
}

module.exports = { resolveUserFilter };
