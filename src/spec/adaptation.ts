/** A clause or spec fn body rewritten for vstd's exec_spec macro, or why it cannot run. */
export type Adaptation = { ok: true; text: string } | { ok: false; reason: string };
