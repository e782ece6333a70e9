'use strict';
// Reads what the fake needs from a Cargo.toml (synthetic, a line-based subset of TOML: tables,
// `key = value` with strings, booleans and inline tables). Enough for the crates in this project's
// tests; anything it cannot read makes the fake say so rather than guess.
const fs = require('node:fs');
const path = require('node:path');

function parseValue(text) {
  const value = text.trim();
  if (value.startsWith('"')) return JSON.parse(value.slice(0, value.indexOf('"', 1) + 1));
  if (value === 'true' || value === 'false') return value === 'true';
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

/** The package of `manifestPath`: name, version, lib target, verus metadata, and its vstd dependency if any. */
function readCargoManifest(manifestPath) {
  const tables = parseTables(fs.readFileSync(manifestPath, 'utf8'));
  const table = (name) => tables.get(name) || new Map();
  const packageTable = tables.get('package');
  const verus = table('package.metadata.verus');
  const vstd = table('dependencies').get('vstd') ?? (tables.has('dependencies.vstd') ? Object.fromEntries(table('dependencies.vstd')) : undefined);
  return {
    manifestPath,
    directory: path.dirname(manifestPath),
    isWorkspace: tables.has('workspace'),
    name: packageTable ? packageTable.get('name') : undefined,
    version: packageTable ? (packageTable.get('version') ?? '0.0.0') : undefined,
    lib: { name: table('lib').get('name'), path: table('lib').get('path') },
    verus: { verify: verus.get('verify') === true, isVstd: verus.get('is-vstd') === true },
    vstd: vstd === undefined ? null : typeof vstd === 'string' ? { version: vstd } : vstd,
  };
}

module.exports = { readCargoManifest };
