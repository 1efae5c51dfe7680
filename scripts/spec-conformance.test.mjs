// Keeps docs/spec-conformance.md honest: a 'built' row's quoted messages exist in the source and its named files
// exist; an 'open' row's messages do not exist yet (so the row is flipped when the message lands).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(path.join(root, 'docs', 'spec-conformance.md'), 'utf8');
const SHORTHANDS = {
  'web/': 'apps/web/src/features/',
  'server/': 'apps/server/src/modules/',
  'it/': 'apps/server/test/',
  'e2e/': 'e2e/tests/',
};

function sourceFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, found);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) found.push(full);
  }
  return found;
}
const sourceRoots = ['apps', 'packages'].flatMap((top) =>
  readdirSync(path.join(root, top)).map((name) => path.join(root, top, name, 'src')),
);
const source = sourceRoots
  .filter((dir) => existsSync(dir))
  .flatMap((dir) => sourceFiles(dir))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** Table rows as {id, requirement, status, where, test}. */
const rows = doc
  .split('\n')
  .filter((line) => /^\| S[01]-/.test(line))
  .map((line) => {
    const [id, requirement, status, where, test] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return { id, requirement, status, where, test };
  });

/** Quoted messages: a quote opens after a space or bracket and closes before a space, punctuation or the end. */
function messages(requirement) {
  const found = [];
  for (const match of requirement.matchAll(/(?:^|[\s(;:])'(.+?)'(?=[\s;,.)]|$)/g)) {
    const fragments = match[1].split(/%s|\{[^}]*\}/).map((part) => part.trim());
    const longest = fragments.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length >= 8) found.push(longest);
  }
  return found;
}

function filePaths(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)]
    .map((match) => match[1].split(' ')[0])
    .filter((ref) => !ref.includes('*') && /\.(ts|tsx|mjs)$/.test(ref))
    .map((ref) => {
      const prefix = Object.keys(SHORTHANDS).find((key) => ref.startsWith(key));
      return prefix ? SHORTHANDS[prefix] + ref.slice(prefix.length) : ref;
    })
    .filter((ref) => /^(apps|packages|e2e|scripts)\//.test(ref));
}

describe('docs/spec-conformance.md', () => {
  it('has rows for both specifications', () => {
    expect(rows.filter((row) => row.id.startsWith('S0-')).length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.id.startsWith('S1-')).length).toBeGreaterThan(50);
  });

  it('gives every row a known status', () => {
    const bad = rows.filter((row) => !/^(built|partial|open)\b/.test(row.status)).map((row) => row.id);
    expect(bad).toEqual([]);
  });

  it("finds every built row's messages in the source", () => {
    const missing = rows
      .filter((row) => row.status.startsWith('built'))
      .flatMap((row) => messages(row.requirement).map((text) => `${row.id}: ${text}`))
      .filter((entry) => !source.includes(entry.slice(entry.indexOf(': ') + 2)));
    expect(missing).toEqual([]);
  });

  it("does not find an open row's messages in the source (flip the row when they land)", () => {
    const landed = rows
      .filter((row) => row.status.startsWith('open'))
      .flatMap((row) => messages(row.requirement).map((text) => `${row.id}: ${text}`))
      .filter((entry) => source.includes(entry.slice(entry.indexOf(': ') + 2)));
    expect(landed).toEqual([]);
  });

  it('names files that exist', () => {
    const missing = rows
      .flatMap((row) => [...filePaths(row.where), ...filePaths(row.test)].map((file) => `${row.id}: ${file}`))
      .filter((entry) => !existsSync(path.join(root, entry.slice(entry.indexOf(': ') + 2))));
    expect(missing).toEqual([]);
  });
});
