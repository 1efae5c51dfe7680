import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileResultsBackend } from './file-results';
import { UnreadableResults, type StoredResults } from './stored-results';

const KEY = '3f1c6a52-7d0e-4c8e-9a51-3c2b1d0e9f88';
const results: StoredResults = {
  version: 1,
  columns: [{ name: 'n', type: 'INTEGER', type_generic: 0, is_dttm: false }],
  rows: [[1], [2]],
};

describe('FileResultsBackend', () => {
  let dir: string;
  let backend: FileResultsBackend;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-results-'));
    backend = new FileResultsBackend(path.join(dir, 'results'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores, reads and deletes results', async () => {
    await backend.put(KEY, results, 60);
    expect(await backend.get(KEY)).toEqual(results);
    await backend.delete(KEY);
    expect(await backend.get(KEY)).toBeNull();
  });

  it('keeps results readable by the server user only', async () => {
    await backend.put(KEY, results, 60);
    expect(statSync(path.join(dir, 'results')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'results', `${KEY}.json.gz`)).mode & 0o777).toBe(0o600);
  });

  it('expires entries and sweeps them', async () => {
    await backend.put(KEY, results, 0.001);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await backend.get(KEY)).toBeNull();
    await backend.put(KEY, results, 0.001);
    const other = '11111111-2222-3333-4444-555555555555';
    await backend.put(other, results, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await backend.sweep()).toBe(1);
    expect(await backend.get(other)).toEqual(results);
  });

  it('never turns a key into another path', async () => {
    expect(await backend.get('../../etc/passwd')).toBeNull();
    await expect(backend.put('../escape', results, 60)).rejects.toThrow();
  });

  it('reports results it cannot read', async () => {
    await backend.put(KEY, results, 60);
    const file = path.join(dir, 'results', `${KEY}.json.gz`);
    writeFileSync(file, 'not gzip');
    // Writing reset the file's time, which is its expiry: put it back in the future.
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    await expect(backend.get(KEY)).rejects.toBeInstanceOf(UnreadableResults);
  });
});
