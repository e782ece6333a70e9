/**
 * The commented verus-repair.toml `init` writes: every section with its defaults. Keys that only
 * restate a default are commented out, so the file shows the choices without fixing them; the
 * queue section is commented out as a whole (uncommenting it is how a team opts into workers).
 */
export function renderConfigTemplate(): string {
  return `# verus-repair configuration (written by \`verus-repair init\`). Every commented line shows a default.
# Reference: the verus-repair README, docs/agents.md and docs/verifier.md. Check your setup with
# \`verus-repair doctor\`.

[model]
# Any OpenAI-compatible chat-completions endpoint. The API key is never written here: it is read from
# the environment variable named by api_key_env.
name = "gpt-4o-mini"
# base_url = "https://api.openai.com/v1"     # or set OPENAI_BASE_URL (Ollama: http://localhost:11434/v1)
# api_key_env = "OPENAI_API_KEY"
# temperature = 0.2
# max_output_tokens = 4096
# samples = 1                                # candidates per iteration
# sampling = "n"                             # "parallel" for endpoints without n
# request_timeout_seconds = 120
# call_deadline_seconds = 300
#
# [model.budget]                             # reaching it stops a run cleanly
# max_calls = 100
# max_tokens = 2000000

[verifier]
# runner = "docker"                          # or "local": verus and cargo-verus on PATH
# rlimit = 10
# timeout_ms = 600000
# cache_dir = ".verus-repair/cache"
# pin_file = "verus-toolchain/pin.toml"      # the toolchain pin; this path is the default
# pass_env = []                              # host variables the local runner passes through
#
# [verifier.docker]
# memory = "4g"
# pids_limit = 512
# cpus = 2
#
# [verifier.precheck]                        # erased cargo build / cargo test before Verus
# enabled = true
# test = true
# offline = false

# [review]
# \`verus-repair review\` reads no settings from this file yet; its options are on its command line.

# [queue]
# Send verification to \`verus-repair worker\`s through Redis (set runner = "queue" above). A password
# belongs in VERUS_REPAIR_REDIS_URL, never here.
# url = "redis://127.0.0.1:6379"
# name = "verus-repair"
# job_timeout = 3600                          # seconds a submitter waits for a result
# attempts = 3
# lock_duration = 30
`;
}
