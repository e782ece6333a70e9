'use strict';
// The fake's own identity. Verus prints its build info for `--version` (V rust_verify/src/main.rs:108-118)
// as the Display block or, with --output-json, the `{"verus": {...}}` object of
// V rust_verify/src/util.rs:207-233; every results document ends with the same object
// (main.rs:553) and repeats profile and version under times-ms.verus-build (main.rs:337-341).
// The fake is not that Verus: it says version "fake" and commit "fake" wherever a Verus would
// name itself, including in documents replayed from recordings that name the pin.
// A test of a consumer's version comparison (doctor) may make the fake claim a release by passing
// VERUS_REPAIR_FAKE_VERSION explicitly; nothing else does, so by default the fake says "fake".
const FAKE_VERSION = process.env.VERUS_REPAIR_FAKE_VERSION || 'fake';
const TOOLCHAIN = '1.95.0-x86_64-unknown-linux-gnu';
const ARCH = { x64: 'x86_64', arm64: 'aarch64' };

function fakeBuildInfo() {
  return { profile: 'release', version: FAKE_VERSION, platform: { os: process.platform === 'darwin' ? 'macos' : process.platform, arch: ARCH[process.arch] || process.arch }, toolchain: TOOLCHAIN, commit: FAKE_VERSION };
}

/** `verus --version`: println!("{}", build_info) of a Display that ends in a newline (util.rs:207-216). */
function renderVersionText() {
  const info = fakeBuildInfo();
  return `Verus\n  Version: ${info.version}\n  Profile: ${info.profile}\n  Platform: ${info.platform.os}_${info.platform.arch}\n  Toolchain: ${info.toolchain}\n\n`;
}

/** `verus --version --output-json`: serde_json's pretty printer (two spaces), as JSON.stringify(_, null, 2) prints it. */
function renderVersionJson() {
  return `${JSON.stringify({ verus: fakeBuildInfo() }, null, 2)}\n`;
}

/** Rewrites a parsed document's self-description to the fake's; returns whether anything was a Verus build block. */
function claimDocument(document) {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return false;
  let claimed = false;
  if (document.verus && typeof document.verus === 'object') {
    document.verus = { ...document.verus, version: FAKE_VERSION, commit: FAKE_VERSION };
    claimed = true;
  }
  const build = document['times-ms'] && document['times-ms']['verus-build'];
  if (build && typeof build === 'object') {
    build.version = FAKE_VERSION;
    claimed = true;
  }
  return claimed;
}

/**
 * Rewrites every Verus document in a stdout text: pretty-printed ones (a line `{` to a line `}`) and
 * one-line JSON objects. Anything that does not parse (garbage, a cut-off document) stays as it is.
 */
function rewriteVersions(text) {
  const lines = text.split('\n');
  const output = [];
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    if (line === '{') {
      const end = lines.indexOf('}', at);
      if (end > at) {
        try {
          const document = JSON.parse(lines.slice(at, end + 1).join('\n'));
          if (claimDocument(document)) {
            output.push(JSON.stringify(document, null, 2));
            at = end;
            continue;
          }
        } catch {
          // not a document: keep the lines
        }
      }
    } else if (line.startsWith('{') && line.includes('"verus"')) {
      try {
        const document = JSON.parse(line);
        if (claimDocument(document)) {
          output.push(JSON.stringify(document));
          continue;
        }
      } catch {
        // keep it
      }
    }
    output.push(line);
  }
  return output.join('\n');
}

module.exports = { FAKE_VERSION, fakeBuildInfo, renderVersionText, renderVersionJson, rewriteVersions };
