'use strict';
// Reads what the fake needs from a Cargo.toml (synthetic, a line-based subset of TOML: tables,
// `key = value` with strings, booleans, one-line string arrays and inline tables). Enough for the crates in this project's
// tests; anything it cannot read makes the fake say so rather than guess.
const fs = require('node:fs');
const path = require('node:path');

function parseValue(text) {
  const value = text.trim();
  if (value.startsWith('"')) return JSON.parse(value.slice(0, value.indexOf('"', 1) + 1));
  if (value === 'true' || value === 'false') return value === 'true';
  if (value.startsWith('[') && value.endsWith(']')) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (value.startsWith('{')) {
    const table = {};
    for (const part of value.slice(1, value.lastIndexOf('}')).split(',')) {
      const [key, ...rest] = part.split('=');
      if (key !== undefined && rest.length > 0) table[key.trim()] = parseValue(rest.join('='));
    }
    return table;
  }
  return value;
}

/** Returns Map<table name, Map<key, value>> ('' for top-level keys). */
function parseTables(text) {
  const tables = new Map([['', new Map()]]);
  let current = tables.get('');
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s+/, '');
    const header = /^\[([^\][]+)\]\s*(#.*)?$/.exec(line);
    if (header !== null) {
      current = new Map();
      tables.set(header[1].trim(), current);
    } else if (/^[A-Za-z0-9_.-]+\s*=/.test(line)) {
      current.set(line.slice(0, line.indexOf('=')).trim(), parseValue(line.slice(line.indexOf('=') + 1)));
    }
  }
  return tables;
}

/**
 * `[dependencies]` as name -> { version?, path?, workspace? } (inline tables, `x.workspace = true`
 * and `[dependencies.x]` tables), and which of them and of the `[package]` keys say `workspace = true`.
 */
function readDependencies(tables) {
  const dependencies = {};
  const inheritedDependencies = [];
  for (const [key, value] of tables.get('dependencies') || new Map()) {
    const dotted = /^([A-Za-z0-9_-]+)\.workspace$/.exec(key);
    if (dotted !== null && value === true) inheritedDependencies.push(dotted[1]);
    else if (typeof value === 'string') dependencies[key] = { version: value };
    else if (typeof value === 'object' && value !== null) (value.workspace === true ? inheritedDependencies.push(key) : (dependencies[key] = value));
  }
  for (const [name, entries] of tables) {
    const sub = /^dependencies\.([A-Za-z0-9_-]+)$/.exec(name);
    if (sub === null) continue;
    if (entries.get('workspace') === true) inheritedDependencies.push(sub[1]);
    else dependencies[sub[1]] = Object.fromEntries(entries);
  }
  const packageKeys = [...(tables.get('package') || new Map())].filter(([key, value]) => key.endsWith('.workspace') && value === true).map(([key]) => key.slice(0, -'.workspace'.length));
  return { dependencies, inherited: { packageKeys, dependencies: inheritedDependencies } };
}

/** The package of `manifestPath`: name, version, lib target, verus metadata, dependencies (vstd apart), and its [workspace] tables. */
function readCargoManifest(manifestPath) {
  const tables = parseTables(fs.readFileSync(manifestPath, 'utf8'));
  const table = (name) => tables.get(name) || new Map();
  const packageTable = tables.get('package');
  const verus = table('package.metadata.verus');
  const { dependencies, inherited } = readDependencies(tables);
  const vstd = dependencies.vstd;
  return {
    dependencies,
    inherited,
    workspace: tables.has('workspace') ? { members: Array.isArray(table('workspace').get('members')) ? table('workspace').get('members') : [], package: table('workspace.package'), dependencies: table('workspace.dependencies') } : null,
    manifestPath,
    directory: path.dirname(manifestPath),
    isWorkspace: tables.has('workspace'),
    name: packageTable ? packageTable.get('name') : undefined,
    version: packageTable ? (packageTable.get('version') ?? '0.0.0') : undefined,
    lib: { name: table('lib').get('name'), path: table('lib').get('path') },
    verus: { verify: verus.get('verify') === true, isVstd: verus.get('is-vstd') === true },
    vstd: vstd === undefined ? null : vstd,
  };
}

module.exports = { readCargoManifest };
