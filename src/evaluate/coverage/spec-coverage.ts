/**
 * `spec-coverage`: check-spec over a corpus, as one table (the CLI command and `npm run bench --
 * spec` share it). This file is the feature's door: list the crates, measure them, tabulate, render.
 */
export { listCoverageCrates, type CoverageCrate } from './list-coverage-crates.js';
export { measureSpecCoverage, withLooseFileCrate, DEFAULT_COVERAGE_INPUTS, type CrateCoverage, type SpecCoverageRequest } from './measure-spec-coverage.js';
export { tabulateSpecCoverage, describeCoverageFunctions, describeBuildFailure, type SpecCoverageTable, type CoverageRow, type CoverageOutcome, type CoverageFunction } from './tabulate-spec-coverage.js';
export { renderSpecCoverage } from './render-spec-coverage.js';
export { summarizeSpecCoverage, groupNotExecutableReason, type SpecCoverage } from './summarize-spec-coverage.js';
