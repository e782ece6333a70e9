'use strict';
// The sandbox every verifier container must have, enforced on `docker run` options before the
// command after the image is matched against a scenario (synthetic policy of verus-repair's Docker runner).
const fs = require('node:fs');
const path = require('node:path');
const { FakeRefusal } = require('./fake-refusal.cjs');

const refuse = (message) => {
  throw new FakeRefusal(message);
};

const DOCKER_VALUE_OPTIONS = new Set(['--pull', '--network', '--name', '--label', '--user', '--cap-drop', '--security-opt', '--memory', '--memory-swap', '--pids-limit', '--cpus', '-v', '--volume', '--tmpfs', '-e', '--env', '-w', '--workdir', '--mount']);
const DOCKER_FLAG_OPTIONS = new Set(['--rm', '--privileged', '--init', '-i', '-t']);
const CONTAINER_ENV_ALLOWED = new Set(['CARGO_TARGET_DIR', 'CARGO_NET_OFFLINE', 'CARGO_TERM_COLOR']);
const SENSITIVE = /(^|\/)(\.ssh|\.aws|\.config|\.docker|\.cargo|\.gnupg|\.kube)(\/|$)|credentials/;

// Enforces the sandbox every verifier container must have; returns { options, image, inner }.
function parseDockerRun(args) {
  const options = [];
  let index = 0;
  while (index < args.length && args[index].startsWith('-')) {
    const name = args[index];
    if (DOCKER_FLAG_OPTIONS.has(name)) {
      options.push([name, true]);
      index += 1;
    } else if (DOCKER_VALUE_OPTIONS.has(name)) {
      if (index + 1 >= args.length) refuse(`docker option ${name} has no value`);
      options.push([name, args[index + 1]]);
      index += 2;
    } else {
      refuse(`unexpected docker run option ${name}`);
    }
  }
  const image = args[index];
  if (image === undefined) refuse('docker run without an image');
  const values = (name) => options.filter(([option]) => option === name).map(([, value]) => value);
  const one = (name) => values(name)[0];
  if (values('--rm').length !== 1) refuse('docker run must pass --rm');
  if (values('--privileged').length > 0) refuse('docker run must not be --privileged');
  if (one('--network') !== 'none') refuse(`docker run must pass --network none, got ${one('--network')}`);
  if (one('--pull') !== 'never') refuse('docker run must pass --pull never');
  if (!/^verus-repair-[0-9a-z]+-\d+$/.test(one('--name') || '')) refuse(`container name must be verus-repair-<runid>-<n>, got ${one('--name')}`);
  if (!values('--label').includes('verus-repair=1')) refuse('docker run must pass --label verus-repair=1');
  const user = one('--user') || '';
  if (!/^\d+(:\d+)?$/.test(user) || /^0(:|$)/.test(user)) refuse(`docker run must pass a numeric non-root --user, got ${JSON.stringify(user)}`);
  if (one('--cap-drop') !== 'ALL') refuse('docker run must pass --cap-drop ALL');
  for (const limit of ['--memory', '--pids-limit', '--cpus']) if (one(limit) === undefined) refuse(`docker run must pass ${limit}`);
  if (values('--mount').length > 0) refuse('docker run must not use --mount');
  const home = process.env.HOME;
  for (const volume of [...values('-v'), ...values('--volume')]) {
    const [source, target, mode] = volume.split(':');
    if (mode !== 'ro') refuse(`every mount must be read-only, got ${volume}`);
    if (home !== undefined && path.resolve(source) === path.resolve(home)) refuse(`the home directory must never be mounted: ${volume}`);
    if (SENSITIVE.test(source) || source === '/' || source.includes('docker.sock')) refuse(`sensitive mount source ${source}`);
    if (target !== '/work/crate') refuse(`unexpected mount target ${target}`);
    if (!fs.existsSync(source) || !fs.statSync(source).isDirectory()) refuse(`mount source ${source} is not an existing directory`);
  }
  const tmpfs = values('--tmpfs');
  if (!tmpfs.some((entry) => /^\/work\/target:rw,exec/.test(entry))) refuse('docker run must put /work/target on a tmpfs (rw,exec)');
  for (const variable of [...values('-e'), ...values('--env')]) {
    const name = variable.split('=')[0];
    if (!CONTAINER_ENV_ALLOWED.has(name)) refuse(`environment variable ${name} is not on the container allow-list`);
  }
  if (!values('-e').includes('CARGO_TARGET_DIR=/work/target')) refuse('docker run must set CARGO_TARGET_DIR=/work/target');
  return { options, image, inner: args.slice(index + 1) };
}

// For `docker run`: the files under each -v source, so tests can check exactly what was mounted.
function listMountedFiles(tool, argv) {
  if (tool !== 'docker' || argv[0] !== 'run') return undefined;
  const listing = {};
  argv.forEach((argument, index) => {
    if (argument !== '-v' || argv[index + 1] === undefined) return;
    const source = argv[index + 1].split(':')[0];
    const walk = (directory, prefix) => {
      for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(directory, entry.name), `${prefix}${entry.name}/`);
        else listing[source] = [...(listing[source] || []), `${prefix}${entry.name}`];
      }
    };
    if (fs.existsSync(source)) walk(source, '');
  });
  return listing;
}

module.exports = { parseDockerRun, listMountedFiles };
