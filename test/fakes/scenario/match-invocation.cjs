'use strict';
// Which scenario invocation answers an argv. Patterns are literal strings, "/regex/", and a final
// "..." allowing any further arguments; `whenSource` ({file, contains, lacks}) picks an invocation by
// what the checked crate holds (relative to the working directory); `whenSeed` (a list of seeds, null
// for none) by the solver seed the root crate's Verus run receives (model/read-solver-seed.cjs).
const fs = require('node:fs');
const path = require('node:path');
const { FakeRefusal } = require('./fake-refusal.cjs');
const { readSolverSeed } = require('../model/read-solver-seed.cjs');

function matchesPattern(pattern, value) {
  if (typeof pattern !== 'string') return false;
  if (pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/')) return new RegExp(pattern.slice(1, -1)).test(value);
  return pattern === value;
}

function matchesArgv(patterns, argv) {
  const open = patterns[patterns.length - 1] === '...';
  const fixed = open ? patterns.slice(0, -1) : patterns;
  if (open ? argv.length < fixed.length : argv.length !== fixed.length) return false;
  return fixed.every((pattern, index) => matchesPattern(pattern, argv[index]));
}

function matchesSource(condition, cwd) {
  if (condition === undefined) return true;
  let text;
  try {
    text = fs.readFileSync(path.join(cwd, condition.file), 'utf8');
  } catch {
    return false;
  }
  return (condition.contains === undefined || text.includes(condition.contains)) && (condition.lacks === undefined || !text.includes(condition.lacks));
}

function matchesSeed(seeds, tool, argv) {
  return seeds === undefined || seeds.includes(readSolverSeed(tool, argv));
}

/** The first invocation of `tool` whose argv pattern, source and seed conditions match, or null. */
function matchInvocation(scenario, tool, argv, cwd) {
  return scenario.invocations.find((invocation) => invocation.tool === tool && invocation.subcommand !== 'run' && matchesArgv(invocation.argv, argv) && matchesSource(invocation.whenSource, cwd) && matchesSeed(invocation.whenSeed, tool, argv)) || null;
}

/** For `docker run`: the first `run` invocation whose image and inner command match. */
function matchDockerRun(scenario, run) {
  return scenario.invocations.find((invocation) => invocation.tool === 'docker' && invocation.subcommand === 'run'
    && (invocation.image === undefined || matchesPattern(invocation.image, run.image)) && matchesArgv(invocation.argv, run.inner)) || null;
}

/** `forbidArgs` patterns no argument may match, and `env` checks (value, "/regex/", or null: must be absent). */
function checkInvocation(invocation, argv, environment) {
  for (const forbidden of invocation.forbidArgs || []) {
    const hit = argv.find((argument) => matchesPattern(forbidden, argument));
    if (hit !== undefined) throw new FakeRefusal(`argument ${JSON.stringify(hit)} must not be sent (forbidden by ${forbidden})`);
  }
  for (const [name, pattern] of Object.entries(invocation.env || {})) {
    const value = environment[name];
    if (pattern === null) {
      if (value !== undefined) throw new FakeRefusal(`environment variable ${name} must not be passed, got ${JSON.stringify(value)}`);
    } else if (value === undefined || !matchesPattern(pattern, value)) {
      throw new FakeRefusal(`environment variable ${name}: expected ${pattern}, got ${JSON.stringify(value)}`);
    }
  }
}

module.exports = { matchInvocation, matchDockerRun, checkInvocation };
