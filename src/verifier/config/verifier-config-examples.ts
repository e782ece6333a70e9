/** One valid line per key, quoted in every configuration error message. */
const EXAMPLES: Record<string, string> = {
  'verifier': '[verifier]\nrunner = "docker"',
  'verifier.runner': 'runner = "local"',
  'verifier.verus_path': 'verus_path = "/opt/verus/verus"',
  'verifier.cargo_path': 'cargo_path = "cargo"',
  'verifier.cargo_verus_path': 'cargo_verus_path = "/opt/verus/cargo-verus"',
  'verifier.rlimit': 'rlimit = 30',
  'verifier.expand_errors': 'expand_errors = true',
  'verifier.no_cheating': 'no_cheating = true',
  'verifier.timeout_ms': 'timeout_ms = 600000',
  'verifier.max_output_bytes': 'max_output_bytes = 16777216',
  'verifier.cache_dir': 'cache_dir = ".verus-repair/cache"',
  'verifier.pin_file': 'pin_file = "verus-toolchain/pin.toml"',
  'verifier.scope': 'scope = "crate"',
  'verifier.stability_seeds': 'stability_seeds = 3',
  'verifier.extra_verus_args': 'extra_verus_args = ["--multiple-errors", "4"]',
  'verifier.pass_env': 'pass_env = ["HTTPS_PROXY"]',
  'verifier.docker': '[verifier.docker]\nmemory = "4g"',
  'verifier.docker.image': 'image = "verus-repair/verus:0.2026.06.07.cd03505-0123456789ab"',
  'verifier.docker.memory': 'memory = "4g"',
  'verifier.docker.pids_limit': 'pids_limit = 512',
  'verifier.docker.cpus': 'cpus = 2',
  'verifier.docker.user': 'user = "10001:10001"',
  'verifier.docker.tmpfs_size': 'tmpfs_size = "2g"',
  'verifier.precheck': '[verifier.precheck]\nenabled = true',
  'verifier.precheck.enabled': 'enabled = false',
  'verifier.precheck.test': 'test = true',
  'verifier.precheck.target_dir': 'target_dir = "target/verus-repair"',
  'verifier.precheck.timeout_ms': 'timeout_ms = 300000',
  'verifier.precheck.offline': 'offline = true',
  'verifier.precheck.sandbox': 'sandbox = "auto"  # or "bwrap", "docker", "none"',
};

export function exampleForVerifierKey(key: string): string {
  const trimmed = key.replace(/\.\d+$/, '');
  return EXAMPLES[trimmed] ?? EXAMPLES['verifier'] ?? '';
}
