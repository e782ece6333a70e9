import { describe, expect, it } from 'vitest';
import { readVersionsFromDiff } from './read-versions-from-diff.js';

/** A `git diff` of a crate at crates/core (written for this test): one file changed, one added, one deleted, one outside the crate. */
const DIFF = `diff --git a/crates/core/src/lib.rs b/crates/core/src/lib.rs
index 1111111..2222222 100644
--- a/crates/core/src/lib.rs
+++ b/crates/core/src/lib.rs
@@ -1,3 +1,3 @@
 fn a() {}
-fn b() { 1 }
+fn b() { 2 }
 fn c() {}
diff --git a/crates/core/src/new.rs b/crates/core/src/new.rs
new file mode 100644
--- /dev/null
+++ b/crates/core/src/new.rs
@@ -0,0 +1 @@
+fn n() {}
diff --git a/crates/core/src/gone.rs b/crates/core/src/gone.rs
deleted file mode 100644
--- a/crates/core/src/gone.rs
+++ /dev/null
@@ -1 +0,0 @@
-fn g() {}
diff --git a/crates/other/src/lib.rs b/crates/other/src/lib.rs
--- a/crates/other/src/lib.rs
+++ b/crates/other/src/lib.rs
@@ -1 +1 @@
-fn x() {}
+fn y() {}
`;

describe('readVersionsFromDiff', () => {
  it('rebuilds each file of the crate before the diff from the working tree', () => {
    const current = new Map([['src/lib.rs', 'fn a() {}\nfn b() { 2 }\nfn c() {}\n'], ['src/new.rs', 'fn n() {}\n'], ['src/same.rs', 'fn s() {}\n']]);
    expect(readVersionsFromDiff('change.diff', DIFF, 'crates/core', current)).toEqual([
      { file: 'src/gone.rs', before: 'fn g() {}\n', after: null },
      { file: 'src/lib.rs', before: 'fn a() {}\nfn b() { 1 }\nfn c() {}\n', after: 'fn a() {}\nfn b() { 2 }\nfn c() {}\n' },
      { file: 'src/new.rs', before: null, after: 'fn n() {}\n' },
      { file: 'src/same.rs', before: 'fn s() {}\n', after: 'fn s() {}\n' },
    ]);
  });

  it('names the diff file and the hunk line when a hunk does not apply', () => {
    const current = new Map([['src/lib.rs', 'fn a() {}\nfn b() { 3 }\nfn c() {}\n'], ['src/new.rs', 'fn n() {}\n']]);
    expect(() => readVersionsFromDiff('change.diff', DIFF, 'crates/core', current)).toThrow(/^change\.diff:5:1: the diff of src\/lib\.rs does not apply to the working tree's src\/lib\.rs/);
    expect(() => readVersionsFromDiff('change.diff', DIFF, 'crates/core', new Map([['src/lib.rs', 'fn a() {}\nfn b() { 2 }\nfn c() {}\n']]))).toThrow(/^change\.diff:14:1: the diff changes src\/new\.rs, which the working tree's crate does not have/);
  });
});
