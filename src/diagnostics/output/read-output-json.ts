import type { FunctionOutcome } from '../../core/verifier-result.js';
import { isJsonRecord, readArray, readBoolean, readCount, readNumber, readRecord, readString, type JsonRecord } from './json-fields.js';
import type { VerificationResultsBlock, VerusBuildInfo, VerusOutputJson } from './verus-output-json.js';

const DOCUMENT_KEYS = ['verification-results', 'verus', 'times-ms', 'func-details'];

/** True for the object `--output-json` prints (also `verus --version --output-json`, which has only `verus`). */
export function isOutputJsonDocument(value: unknown): value is JsonRecord {
  return isJsonRecord(value) && DOCUMENT_KEYS.some((key) => key in value);
}

/** Reads the typed parts of an `--output-json` document and its per-function outcomes. */
export function readOutputJson(document: JsonRecord): { outputJson: VerusOutputJson; functions: FunctionOutcome[] } {
  const results = readRecord(document, 'verification-results');
  const verus = readRecord(document, 'verus');
  return {
    outputJson: {
      verificationResults: results === null ? null : readVerificationResults(results),
      verus: verus === null ? null : readBuildInfo(verus),
      raw: document,
    },
    functions: readFunctionOutcomes(document),
  };
}

function readVerificationResults(block: JsonRecord): VerificationResultsBlock {
  return {
    encounteredError: readBoolean(block, 'encountered-error'),
    encounteredVirError: readBoolean(block, 'encountered-vir-error'),
    success: readBoolean(block, 'success'),
    verified: readCount(block, 'verified'),
    errors: readCount(block, 'errors'),
    isVerifyingEntireCrate: readBoolean(block, 'is-verifying-entire-crate'),
  };
}

function readBuildInfo(block: JsonRecord): VerusBuildInfo {
  const platform = readRecord(block, 'platform');
  return {
    version: readString(block, 'version'),
    toolchain: readString(block, 'toolchain'),
    platform: platform === null ? null : { os: readString(platform, 'os'), arch: readString(platform, 'arch') },
    profile: readString(block, 'profile'),
    commit: readString(block, 'commit'),
  };
}

/** `times-ms.smt.smt-run-module-times[].function-breakdown[]`; entries without a name or a boolean `success` are skipped. */
function readFunctionOutcomes(document: JsonRecord): FunctionOutcome[] {
  const smt = readRecord(readRecord(document, 'times-ms') ?? {}, 'smt');
  if (smt === null) return [];
  const outcomes: FunctionOutcome[] = [];
  for (const moduleEntry of readArray(smt, 'smt-run-module-times')) {
    if (!isJsonRecord(moduleEntry)) continue;
    const module = readString(moduleEntry, 'module');
    for (const entry of readArray(moduleEntry, 'function-breakdown')) {
      if (!isJsonRecord(entry)) continue;
      const name = readString(entry, 'function');
      const success = readBoolean(entry, 'success');
      if (name === null || success === null) continue;
      const micros = readNumber(entry, 'time-micros');
      outcomes.push({
        function: name,
        module,
        // The key really is `mode:` with a trailing colon; `mode` is accepted in case Verus fixes it.
        mode: readString(entry, 'mode:') ?? readString(entry, 'mode'),
        success,
        timeMs: micros === null ? readNumber(entry, 'time') : micros / 1000,
        rlimit: readNumber(entry, 'rlimit'),
      });
    }
  }
  return outcomes;
}
