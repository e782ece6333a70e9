import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, SCENARIO_ROOT, type FakeInvocation } from './fake-environment.js';
import { runFakeTool } from './run-fake-tool.js';
import { createTemporaryCrate, PINNED_VSTD, VERIFYING_LIB_RS } from './temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './temporary-directory.js';
import { writeScenario } from './write-scenario.js';

// Tests of the fake cargo-verus/verus itself (synthetic: no Verus runs). Each rule the fake models
// from Verus's or cargo's source (cited in test/fakes/model/*.cjs) gets a test here.
afterAll(removeTemporaryDirectories);

const NESTED = readFileSync(new URL('../fixtures/scope/nested-modules.rs', import.meta.url), 'utf8');
const verified = (name: string) => readFileSync(path.join(SCENARIO_ROOT, 'run-local-crate-verified', name), 'utf8');
const failed = (name: string) => readFileSync(path.join(SCENARIO_ROOT, 'run-local-crate-failed', name), 'utf8');

/** A scenario whose cargo-verus accepts any argv and replays run-local-crate-verified (or -failed). */
function permissiveScenario(outcome: 'verified' | 'failed' = 'verified'): string {
  const read = outcome === 'verified' ? verified : failed;
  return writeScenario([
    { tool: 'cargo-verus', argv: ['...'], stdout: 'stdout.txt', stderr: 'stderr.txt', exitCode: outcome === 'verified' ? 0 : 101 },
    { tool: 'verus', argv: ['...'], stdout: 'file-stdout.txt', exitCode: 0 },
  ], { 'stdout.txt': read('stdout.txt'), 'stderr.txt': read('stderr.txt'), 'file-stdout.txt': readFileSync(path.join(SCENARIO_ROOT, 'run-file-verified', 'stdout.txt'), 'utf8') });
}

function setup(options: { scenario?: string; files?: Record<string, string> } = {}) {
  const fake = createFakeSetup('unused');
  fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = options.scenario ?? permissiveScenario();
  const crateDir = createTemporaryCrate(options.files);
  const run = (tool: 'cargo-verus' | 'verus', argv: string[]) => runFakeTool(tool, argv, { cwd: crateDir, environment: fake.environment });
  const lastLog = (): FakeInvocation => fake.readInvocations().at(-1) ?? { tool: '', argv: [], cwd: '' };
  return { fake, crateDir, run, lastLog };
}

const logDir = () => `.verus-log/verus-repair-${randomBytes(8).toString('hex')}`;

/** The product's command line (issue 17): cargo-verus options first, then `--message-format=json`, then Verus args. */
function productArgv(subcommand: 'verify' | 'focus', options: { fwd?: string | null; rlimit?: string; log?: string; verus?: string[] } = {}): string[] {
  const fwd = options.fwd === undefined ? ['--fwd-verus-args-to', 'roots'] : options.fwd === null ? [] : ['--fwd-verus-args-to', options.fwd];
  return ['verus', subcommand, ...fwd, '--message-format=json', '--', '--output-json', '--time', '--rlimit', options.rlimit ?? '10', '--log-dir', options.log ?? logDir(), ...(options.verus ?? [])];
}

/** The pretty-printed results documents on stdout (one per crate compiled with --output-json), parsed. */
function documents(stdout: string): Array<Record<string, any>> {
  const found: Array<Record<string, any>> = [];
  let open: string[] | null = null;
  for (const line of stdout.split('\n')) {
    if (open === null && line === '{') open = [line];
    else if (open !== null) {
      open.push(line);
      if (line === '}') {
        found.push(JSON.parse(open.join('\n')) as Record<string, any>);
        open = null;
      }
    }
  }
  return found;
}

const functionsOf = (document: Record<string, any>): string[] =>
  (document['times-ms']?.smt?.['smt-run-module-times'] ?? []).flatMap((module: any) => module['function-breakdown'].map((entry: any) => entry.function));

const compilerMessages = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('{"reason":"compiler-message"')).map((line) => JSON.parse(line) as Record<string, any>);

describe('fake cargo-verus: command line (V cargo-verus/src/cli.rs)', () => {
  it('refuses a cargo-verus option after the first cargo argument with cargo-verus\'s own message, exit 1', async () => {
    const { run } = setup();
    const result = await run('cargo-verus', ['verus', 'verify', '--message-format=json', '--offline', '--', '--rlimit', '10']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("The Verus-relevant command-line argument --offline can't follow the Verus-irrelevant argument --message-format=json");
    expect(result.stderr).toContain('Error: Args forwarded to Cargo must precede args forwarded to Verus');
    expect(result.stdout).toBe('');
  });

  it('hands a late --fwd-verus-args-to to cargo check, which rejects it (exit 1)', async () => {
    const { run } = setup();
    const result = await run('cargo-verus', ['verus', 'verify', '--message-format=json', '--fwd-verus-args-to', 'roots', '--', '--rlimit', '10']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("error: unexpected argument '--fwd-verus-args-to' found");
  });

  it('rejects an unknown forwarding selector as clap does (exit 2)', async () => {
    const { run } = setup();
    const result = await run('cargo-verus', ['verus', 'verify', '--fwd-verus-args-to', 'some', '--message-format=json']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("invalid value 'some' for '--fwd-verus-args-to <SELECTOR>'");
  });
});

describe('fake cargo-verus: Verus args reach vstd unless sent to roots (V cargo-verus/src/subcommands.rs:142-157)', () => {
  it('forwards to all packages by default under verify: vstd fails --no-cheating, the root is never verified (exit 101)', async () => {
    const { run, lastLog } = setup();
    const result = await run('cargo-verus', productArgv('verify', { fwd: null, verus: ['--no-cheating'] }));
    expect(result.exitCode).toBe(101);
    const messages = compilerMessages(result.stdout);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((line) => String(line['package_id']).includes('#vstd@0.0.0-2026-05-31-0205'))).toBe(true);
    expect(messages[0]?.['message'].message).toBe('assume/admit not allowed with --no-cheating');
    expect(result.stderr).toMatch(/error: could not compile `vstd` \(lib\) due to \d+ previous errors/);
    expect(documents(result.stdout).every((document) => functionsOf(document).every((name) => !name.startsWith('runner_demo')))).toBe(true);
    expect(lastLog().verifiedPackages).toEqual(['vstd']);
  });

  it('verifies the root with --no-cheating when args go to roots only', async () => {
    const { run, lastLog } = setup();
    const result = await run('cargo-verus', productArgv('verify', { verus: ['--no-cheating'] }));
    expect(result.exitCode).toBe(0);
    expect(lastLog().verifiedPackages).toEqual(['vstd', 'runner-demo']);
    expect(documents(result.stdout)).toHaveLength(1);
  });

  it('prints vstd\'s own results document before the root\'s when --output-json reaches vstd', async () => {
    const { run } = setup();
    const result = await run('cargo-verus', productArgv('verify', { fwd: 'all' }));
    expect(result.exitCode).toBe(0);
    const [vstd, root, ...rest] = documents(result.stdout);
    expect(rest).toEqual([]);
    expect(functionsOf(vstd ?? {}).length).toBeGreaterThan(0);
    expect(functionsOf(vstd ?? {}).every((name) => name.startsWith('vstd::'))).toBe(true);
    expect(functionsOf(root ?? {})).toEqual(['runner_demo::add_one', 'runner_demo::lemmas::double']);
  });

  it('sends nothing to vstd under focus by default (roots), and gives deps --no-verify in target/verus-partial', async () => {
    const { run, lastLog, crateDir } = setup();
    const result = await run('cargo-verus', ['verus', 'focus', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '10', '--verify-root']);
    expect(result.exitCode).toBe(0);
    expect(documents(result.stdout)).toHaveLength(1);
    expect(lastLog().verifiedPackages).toEqual(['runner-demo']);
    expect(lastLog().targetDir).toBe(path.join(crateDir, 'target', 'verus-partial'));
  });
});

describe('fake cargo-verus: fresh units print no document (C core/compiler/mod.rs:2075-2092, 2527-2565)', () => {
  it('answers a second identical run from cargo\'s cache: exit 0, no results document, nothing verified', async () => {
    const { run, lastLog } = setup();
    const argv = productArgv('verify');
    const first = await run('cargo-verus', argv);
    expect(documents(first.stdout)).toHaveLength(1);
    const second = await run('cargo-verus', argv);
    expect(second.exitCode).toBe(0);
    expect(documents(second.stdout)).toEqual([]);
    expect(second.stdout).toContain('{"reason":"build-finished","success":true}');
    expect(lastLog().verifiedPackages).toEqual([]);
  });

  it('re-verifies only the root when the per-run --log-dir nonce changes, and vstd once across rlimit changes', async () => {
    const { run, fake } = setup();
    await run('cargo-verus', productArgv('verify', { rlimit: '10' }));
    const rerun = await run('cargo-verus', productArgv('verify', { rlimit: '20' }));
    expect(documents(rerun.stdout)).toHaveLength(1);
    await run('cargo-verus', productArgv('verify', { rlimit: '30' }));
    expect(fake.readInvocations().map((entry) => entry.verifiedPackages)).toEqual([['vstd', 'runner-demo'], ['runner-demo'], ['runner-demo']]);
  });

  it('re-verifies vstd whenever the args it receives change (forwarded to all)', async () => {
    const { run, fake } = setup();
    await run('cargo-verus', productArgv('verify', { fwd: 'all', rlimit: '10' }));
    await run('cargo-verus', productArgv('verify', { fwd: 'all', rlimit: '20' }));
    expect(fake.readInvocations().map((entry) => entry.verifiedPackages)).toEqual([['vstd', 'runner-demo'], ['vstd', 'runner-demo']]);
  });

  it('re-verifies a root whose source is newer than its last check, and never caches a failed one', async () => {
    const { run, fake, crateDir } = setup();
    const argv = productArgv('verify', { log: '.verus-log/verus-repair-0000000000000000' });
    await run('cargo-verus', argv);
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(crateDir, 'src', 'lib.rs'), future, future);
    expect(documents((await run('cargo-verus', argv)).stdout)).toHaveLength(1);
    const failing = setup({ scenario: permissiveScenario('failed') });
    const failArgv = productArgv('verify', { log: '.verus-log/verus-repair-0000000000000000' });
    expect((await failing.run('cargo-verus', failArgv)).exitCode).toBe(101);
    expect(documents((await failing.run('cargo-verus', failArgv)).stdout)).toHaveLength(1);
    expect(fake.readInvocations().map((entry) => entry.verifiedPackages)).toEqual([['vstd', 'runner-demo'], ['runner-demo']]);
    expect(existsSync(path.join(crateDir, 'target'))).toBe(true);
  });
});

describe('fake cargo-verus: the scenario supplies the root unit, cargo the exit code', () => {
  it('exits 101 when the root unit fails, whatever code the scenario gives it (rust_verify exits 1)', async () => {
    const scenario = writeScenario([{ tool: 'cargo-verus', argv: ['...'], stdout: 'stdout.txt', stderr: 'stderr.txt', exitCode: 1 }], { 'stdout.txt': failed('stdout.txt'), 'stderr.txt': failed('stderr.txt') });
    const { run } = setup({ scenario });
    const result = await run('cargo-verus', productArgv('verify'));
    expect(result.exitCode).toBe(101);
    expect(documents(result.stdout)).toHaveLength(1);
  });
});

describe('fake Verus: selectors (V rust_verify/src/config.rs:656-683, rust_verify/src/user_filter.rs:35-264)', () => {
  const nested = () => setup({ files: { 'src/lib.rs': NESTED } });

  it('accepts several --verify-module and --verify-only-module with --verify-root, also under plain verify', async () => {
    const { run } = nested();
    const result = await run('cargo-verus', productArgv('verify', { verus: ['--verify-module', 'outer', '--verify-only-module', 'outer::inner', '--verify-root'] }));
    expect(result.exitCode).toBe(0);
    expect(documents(result.stdout)).toHaveLength(1);
  });

  it.each([
    [['--verify-module', 'outer', '--verify-function', 'pop'], 'Error: When using --verify-function, use --verify-only-module instead of --verify-module'],
    [['--verify-function', 'pop'], 'Error: --verify-function option requires --verify-only-module or --verify-root'],
    [['--verify-root', '--verify-only-module', 'outer', '--verify-function', 'pop'], 'Error: Must pass at most one --verify-only-module or --verify-root when using --verify-function'],
    [['--verify-root', '--verify-root'], "Error: Option 'verify-root' given more than once"],
  ])('refuses %j with plain text from rust_verify (exit 255), which cargo reports as a failed crate (101)', async (selectors, message) => {
    const { run } = nested();
    const result = await run('cargo-verus', productArgv('focus', { verus: selectors }));
    expect(result.exitCode).toBe(101);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('(exit status: 255)');
    expect(documents(result.stdout)).toEqual([]);
  });

  it('uses an exact function match first, then a single substring match silently', async () => {
    const { run } = nested();
    for (const name of ['pop', 'Stack::pop', 'Stack::si']) {
      const result = await run('cargo-verus', productArgv('focus', { verus: ['--verify-only-module', 'outer::inner', '--verify-function', name] }));
      expect(result.exitCode, `${name}: ${result.stderr}`).toBe(0);
    }
  });

  it('reports several substring matches and no match as Verus errors naming the candidates (exit 101)', async () => {
    const { run } = nested();
    const several = await run('cargo-verus', productArgv('focus', { verus: ['--verify-only-module', 'outer::inner', '--verify-function', 'op'] }));
    expect(several.exitCode).toBe(101);
    const [message] = compilerMessages(several.stdout);
    expect(message?.['message'].message).toBe('more than one match found for --verify-function op, consider using wildcard *op* to verify all matched results,\nor specify a unique substring for the desired function, matched results are:\n  - Stack::pop\n  - pop');
    const none = await run('cargo-verus', productArgv('focus', { verus: ['--verify-root', '--verify-function', 'Queue::pop'] }));
    expect(compilerMessages(none.stdout)[0]?.['message'].message).toBe('could not find function Queue::pop specified by --verify-function\navailable functions are:\n  - add_one\n  - add_two\n  - double\n  - lemma_double');
    const [document] = documents(none.stdout);
    expect(document?.['verification-results']).toEqual({ 'encountered-error': true, 'encountered-vir-error': true });
  });

  it('reports an unknown module with the list of modules', async () => {
    const { run } = nested();
    const result = await run('cargo-verus', productArgv('focus', { verus: ['--verify-only-module', 'inner'] }));
    expect(result.exitCode).toBe(101);
    expect(compilerMessages(result.stdout)[0]?.['message'].message).toBe('could not find module inner specified by --verify-module or --verify-only-module\navailable modules are:\n- outer\n- outer::inner\nor use --verify-root');
  });
});

describe('fake Verus: its own version, panics, aborts', () => {
  it('prints the build-info block of V rust_verify/src/util.rs:207-233 with version fake', async () => {
    const { run } = setup();
    const text = await run('verus', ['--version']);
    expect(text.stdout).toMatch(/^Verus\n {2}Version: fake\n {2}Profile: release\n {2}Platform: \w+_\w+\n {2}Toolchain: .+\n\n$/);
    const json = await run('verus', ['--version', '--output-json']);
    expect(JSON.parse(json.stdout)).toEqual({ verus: expect.objectContaining({ version: 'fake', commit: 'fake' }) });
  });

  it('claims another version only when a test passes VERUS_REPAIR_FAKE_VERSION', async () => {
    const { run, fake } = setup();
    fake.environment['VERUS_REPAIR_FAKE_VERSION'] = '0.2026.07.18.3a4d30b';
    expect(JSON.parse((await run('verus', ['--version', '--output-json'])).stdout).verus.version).toBe('0.2026.07.18.3a4d30b');
  });

  it('says version fake in every results document it replays, though the recording names the pin', async () => {
    const { run } = setup();
    expect(verified('stdout.txt')).toContain('"version": "0.2026.06.07.cd03505"');
    const [document] = documents((await run('cargo-verus', productArgv('verify'))).stdout);
    expect(document?.['verus']).toMatchObject({ version: 'fake', commit: 'fake' });
    expect(document?.['times-ms']['verus-build'].version).toBe('fake');
  });

  it('replays a panic that comes with a results document (exit 101 under cargo) and never caches it', async () => {
    const scenario = path.join(SCENARIO_ROOT, 'run-verus-panic-with-document');
    const { run, fake } = setup({ scenario });
    const argv = productArgv('verify', { log: '.verus-log/verus-repair-0123456789abcdef' });
    const result = await run('cargo-verus', argv);
    expect(result.exitCode).toBe(101);
    expect(result.stderr).toMatch(/thread 'rustc' \(\d+\) panicked at /);
    expect(documents(result.stdout).at(-1)?.['verification-results']).toMatchObject({ 'encountered-error': true });
    await run('cargo-verus', argv);
    expect(fake.readInvocations().map((entry) => entry.verifiedPackages)).toEqual([['vstd', 'runner-demo'], ['runner-demo']]);
  });

  it('dies by SIGABRT without a document when Verus panics while unwinding (run-crash-no-diagnostics)', async () => {
    const { run } = setup({ scenario: path.join(SCENARIO_ROOT, 'run-crash-no-diagnostics') });
    const result = await run('verus', ['lib.rs', '--crate-type=lib', '--error-format=json', '--output-json', '--time', '--rlimit', '10']);
    expect(result.signal).toBe('SIGABRT');
    expect(result.stderr).toContain('panicked at');
    expect(result.stdout).toBe('');
  });

  it('refuses a flag given twice to verus as getopts does (exit 255)', async () => {
    const { run } = setup();
    const result = await run('verus', ['src/lib.rs', '--crate-type=lib', '--error-format=json', '--time', '--time']);
    expect(result.exitCode).toBe(255);
    expect(result.stderr).toBe("Error: Option 'time' given more than once\n");
  });
});

describe('fake cargo-verus: the solver seed (V rust_verify/src/config.rs:495 and 714, verifier.rs:1224-1231)', () => {
  /** Synthetic: the recordings with a fabricated per-function rlimit count, so seeds differ in what they used. */
  const withFunctionRlimit = (stdout: string, count: number) => stdout.replace(/("function": "runner_demo::add_one",[\s\S]*?"rlimit": )\d+/, `$1${count}`);
  function seedScenario(): string {
    return writeScenario([
      { tool: 'cargo-verus', argv: ['...'], whenSeed: [1], stdout: 'seed-1.txt', stderr: 'verified-stderr.txt', exitCode: 0 },
      { tool: 'cargo-verus', argv: ['...'], whenSeed: [2], stdout: 'seed-2.txt', stderr: 'verified-stderr.txt', exitCode: 0 },
      { tool: 'cargo-verus', argv: ['...'], whenSeed: [3], stdout: 'seed-3.txt', stderr: 'failed-stderr.txt', exitCode: 1 },
      { tool: 'cargo-verus', argv: ['...'], whenSeed: [null], stdout: 'seed-1.txt', stderr: 'verified-stderr.txt', exitCode: 0 },
    ], {
      'seed-1.txt': withFunctionRlimit(verified('stdout.txt'), 9_000_000), 'seed-2.txt': withFunctionRlimit(verified('stdout.txt'), 16_500_000),
      'seed-3.txt': withFunctionRlimit(failed('stdout.txt'), 29_000_000), 'verified-stderr.txt': verified('stderr.txt'), 'failed-stderr.txt': failed('stderr.txt'),
    });
  }
  const addOneRlimit = (stdout: string) => documents(stdout).at(-1)?.['times-ms'].smt['smt-run-module-times'][0]['function-breakdown'][0].rlimit;

  it('answers by the last smt.random_seed the root receives: verified under seeds 1 and 2, failed under 3, with the rlimit counts of that seed', async () => {
    const { run } = setup({ scenario: seedScenario() });
    const seeded = (seeds: number[]) => productArgv('focus', { verus: ['--verify-root', ...seeds.flatMap((seed) => ['--smt-option', `smt.random_seed=${seed}`])] });
    const [one, two, three, lastWins, none] = [await run('cargo-verus', seeded([1])), await run('cargo-verus', seeded([2])), await run('cargo-verus', seeded([3])), await run('cargo-verus', seeded([3, 2])), await run('cargo-verus', productArgv('focus', { verus: ['--verify-root'] }))];
    expect([one, two, three, lastWins, none].map((result) => result.exitCode)).toEqual([0, 0, 101, 0, 0]);
    expect([one, two, lastWins].map((result) => addOneRlimit(result.stdout))).toEqual([9_000_000, 16_500_000, 16_500_000]);
    expect(addOneRlimit(three.stdout)).toBe(29_000_000);
  });

  it('sends a seed to the root alone with roots: vstd stays fresh when only the seed changes', async () => {
    const { run, fake } = setup({ scenario: seedScenario() });
    for (const seed of [1, 2]) await run('cargo-verus', productArgv('verify', { verus: ['--smt-option', `smt.random_seed=${seed}`] }));
    expect(fake.readInvocations().map((entry) => entry.verifiedPackages)).toEqual([['vstd', 'runner-demo'], ['runner-demo']]);
  });

  it('refuses a malformed --smt-option as rust_verify does (exit 255 under the root, 101 from cargo)', async () => {
    const { run } = setup({ scenario: seedScenario() });
    const result = await run('cargo-verus', productArgv('verify', { verus: ['--smt-option', 'smt.random_seed'] }));
    expect(result.exitCode).toBe(101);
    expect(result.stderr).toContain('Error: expected option of form option_name=option_value');
  });
});

/** A synthetic Cargo.lock listing these path packages (`name@version`) and the pinned vstd. */
function lockListing(pathPackages: string[]): string {
  const entries = pathPackages.map((entry) => `[[package]]\nname = "${entry.split('@')[0]}"\nversion = "${entry.split('@')[1]}"\n`);
  return `version = 4\n\n${[...entries, `[[package]]\nname = "vstd"\nversion = "${PINNED_VSTD.slice(1)}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n`].join('\n')}`;
}

/** A workspace (root manifest `rootToml`) with `member` (verified, version and vstd inherited) depending on the sibling `helper` by path. */
function writeWorkspace(rootToml: string | null, lock: string | null): { root: string; member: string } {
  const root = createTemporaryDirectory('fake-workspace');
  const files: Record<string, string> = {
    'member/Cargo.toml': '[package]\nname = "member"\nversion.workspace = true\nedition = "2021"\n\n[dependencies]\nvstd.workspace = true\nhelper = { path = "../helper" }\n\n[package.metadata.verus]\nverify = true\n',
    'member/src/lib.rs': VERIFYING_LIB_RS,
    'helper/Cargo.toml': '[package]\nname = "helper"\nversion = "0.1.0"\nedition = "2021"\n',
    'helper/src/lib.rs': 'pub fn one() -> u32 { 1 }\n',
    ...(rootToml === null ? {} : { 'Cargo.toml': rootToml }),
    ...(lock === null ? {} : { 'Cargo.lock': lock }),
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return { root, member: path.join(root, 'member') };
}

const WORKSPACE_TOML = `[workspace]\nmembers = ["member", "helper"]\n\n[workspace.package]\nversion = "0.3.0"\n\n[workspace.dependencies]\nvstd = "${PINNED_VSTD}"\n`;
const lockedArgv = () => { const argv = productArgv('verify'); argv.splice(4, 0, '--locked'); return argv; };

describe('fake cargo-verus: --locked, path dependencies and workspace inheritance (cargo 0.96 before any unit runs)', () => {
  it('accepts --locked among its own options (V cli.rs:103-104) and, with a current lock, verifies without touching it', async () => {
    const { run, crateDir, lastLog } = setup({ files: { 'Cargo.lock': lockListing(['runner-demo@0.1.0']) } });
    const before = readFileSync(path.join(crateDir, 'Cargo.lock'));
    const result = await run('cargo-verus', lockedArgv());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(lastLog().verifiedPackages).toContain('runner-demo');
    expect(readFileSync(path.join(crateDir, 'Cargo.lock')).equals(before)).toBe(true);
  });

  it('refuses, as cargo does under --locked (C ops/lockfile.rs:55-67), a missing lock (create) and a stale one (update): exit 1, nothing verified', async () => {
    const missing = setup();
    const refusedCreate = await missing.run('cargo-verus', lockedArgv());
    expect(refusedCreate.exitCode).toBe(1);
    expect(refusedCreate.stderr).toContain(`error: cannot create the lock file ${path.join(missing.crateDir, 'Cargo.lock')} because --locked was passed to prevent this`);
    expect(existsSync(path.join(missing.crateDir, 'Cargo.lock'))).toBe(false);
    // A path package the workspace does not have is ignored (C core/resolver/encode.rs:196-201): that lock is current.
    const extra = setup({ files: { 'Cargo.lock': lockListing(['runner-demo@0.1.0', 'another-fixture@0.1.0']) } });
    expect((await extra.run('cargo-verus', lockedArgv())).exitCode).toBe(0);
    const stale = setup({ files: { 'Cargo.lock': lockListing(['runner-demo@0.0.9']) } });
    const refusedUpdate = await stale.run('cargo-verus', lockedArgv());
    expect(refusedUpdate.exitCode).toBe(1);
    expect(refusedUpdate.stderr).toContain(`error: cannot update the lock file ${path.join(stale.crateDir, 'Cargo.lock')} because --locked was passed to prevent this`);
    expect(stale.lastLog().verifiedPackages).toEqual([]);
    // Without --locked cargo would rewrite it; the fake models no lock writing, and runs.
    expect((await stale.run('cargo-verus', productArgv('verify'))).exitCode).toBe(0);
  });

  it('verifies a workspace member that inherits its version and vstd and depends on a sibling by path; its lock is the workspace root\'s', async () => {
    const { member, root } = writeWorkspace(WORKSPACE_TOML, lockListing(['helper@0.1.0', 'member@0.3.0']));
    const fake = createFakeSetup('unused');
    fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = permissiveScenario();
    const result = await runFakeTool('cargo-verus', lockedArgv(), { cwd: member, environment: fake.environment });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('Checking helper v0.1.0');
    expect(fake.readInvocations().at(-1)?.targetDir).toBe(path.join(root, 'target'));
    writeFileSync(path.join(root, 'Cargo.lock'), lockListing(['helper@0.1.0', 'member@0.2.0']));
    const stale = await runFakeTool('cargo-verus', lockedArgv(), { cwd: member, environment: fake.environment });
    expect(stale.stderr).toContain(`cannot update the lock file ${path.join(root, 'Cargo.lock')} because --locked was passed`);
  });

  it('fails as cargo does when the member is copied out of its workspace, or its path dependency is not beside it', async () => {
    const { member } = writeWorkspace(null, null);
    const fake = createFakeSetup('unused');
    fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = permissiveScenario();
    const orphan = await runFakeTool('cargo-verus', productArgv('verify'), { cwd: member, environment: fake.environment });
    expect(orphan.exitCode).toBe(1);
    expect(orphan.stderr).toContain(`error: failed to parse manifest at \`${path.join(member, 'Cargo.toml')}\`\n\nCaused by:\n  error inheriting \`version\` from workspace root manifest's \`workspace.package.version\`\n\nCaused by:\n  failed to find a workspace root`);
    const { crateDir, run } = setup({ files: { 'Cargo.toml': `[package]\nname = "runner-demo"\nversion = "0.1.0"\n\n[dependencies]\nvstd = "${PINNED_VSTD}"\nhelper = { path = "../helper" }\n\n[package.metadata.verus]\nverify = true\n\n[workspace]\n` } });
    const noSibling = await run('cargo-verus', productArgv('verify'));
    expect(noSibling.exitCode).toBe(1);
    expect(noSibling.stderr).toContain(`error: failed to get \`helper\` as a dependency of package \`runner-demo v0.1.0 (${crateDir})\``);
    expect(noSibling.stderr).toContain(`failed to read \`${path.resolve(crateDir, '..', 'helper', 'Cargo.toml')}\``);
  });
});
