/**
 * The name a parameter or result takes in the spec fns given to vstd's exec_spec macro. The macro
 * names the result of every exec fn it derives `res` (contrib/exec_spec.rs, `-> (res: #ret_type)`),
 * and Verus's syntax refuses a parameter of the same name ("return value name collides with a
 * parameter name", builtin_macros/src/syntax.rs check_return_idents), so a parameter or result named
 * `res` is renamed there; reports keep the name as written.
 */
export function macroSafeName(name: string): string {
  return RESERVED.has(name) ? `vr_${name}` : name;
}

const RESERVED: ReadonlySet<string> = new Set(['res']);
