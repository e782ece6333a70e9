/** The environment variable a schema run reads the active mutant's number from (unset or 0: the original). */
export const ACTIVE_MUTANT_VARIABLE = 'VERUS_REPAIR_MUTANT';

/** The path schema code calls to ask whether mutant `n` is the active one. */
export const ACTIVE_MUTANT_FUNCTION = 'crate::__verus_repair_schema::active';

/**
 * The module appended to each crate root of a schema: one function, reading the active mutant once
 * per process (a test binary's threads all see the same one). Plain Rust outside `verus!`: the schema
 * is only ever built by the erased cargo stages, never verified.
 */
export const SCHEMA_SWITCH_MODULE = `

// Added by verus-repair review to its private erased copy (a mutant schema); never in your sources.
#[doc(hidden)]
#[allow(dead_code)]
pub(crate) mod __verus_repair_schema {
    pub(crate) fn active(mutant: u32) -> bool {
        static ACTIVE: ::std::sync::OnceLock<u32> = ::std::sync::OnceLock::new();
        *ACTIVE.get_or_init(|| ::std::env::var("${ACTIVE_MUTANT_VARIABLE}").ok().and_then(|value| value.parse().ok()).unwrap_or(0)) == mutant
    }
}
`;
