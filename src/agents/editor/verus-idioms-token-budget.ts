/**
 * The stated budget of the editor's Verus idioms section (prompts/editor-verus-idioms.md), in tokens
 * of o200k_base. It is sent with every editor request, so it must stay compact; `npm run bench --
 * tokens` reports its size against this budget.
 */
export const VERUS_IDIOMS_TOKEN_BUDGET = 400;
