/**
 * A clause or spec fn body rewritten for vstd's exec_spec macro, or why it cannot run. `calls`:
 * the crate spec fns (by key) and structs (`struct Name`) the text uses, when the typed translation
 * made it (translateSpecText); absent, they are found by name in the text. `lifted`: items the text
 * calls that the translation made (Seq::new's element function), to be emitted with it.
 */
export type Adaptation = { ok: true; text: string; calls?: string[]; lifted?: { items: string[]; glue: string[] } } | { ok: false; reason: string };
