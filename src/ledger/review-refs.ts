/**
 * Where review records live in git: `refs/heads/verus-repair/review-<id>`, with notes under their own
 * ref. The ledger owns the names (its run listing leaves these branches out); the review room owns
 * what is recorded there (src/review/record/).
 */
export const REVIEW_BRANCH_PREFIX = 'verus-repair/review-';
export const REVIEW_NOTES_REF = 'refs/notes/verus-repair-review';
