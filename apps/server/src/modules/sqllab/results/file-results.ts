import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  RESULTS_KEY_PATTERN,
  decodeResults,
  encodeResults,
  type ResultsBackend,
  type StoredResults,
} from './stored-results';
import { ResultsWriter } from './results-writer';

const SUFFIX = '.json.gz';
/** Far enough ahead to mean "never" for a file without a TTL. */
const NEVER = new Date('9999-01-01T00:00:00Z');

/**
 * Results as gzip'd JSON files in `<dataDir>/results/`. A file's modification time is set to its
 * expiry, so reading and sweeping need only a stat.
 */
export class FileResultsBackend implements ResultsBackend {
  constructor(private readonly dir: string) {}

  private fileOf(key: string): string | null {
    return RESULTS_KEY_PATTERN.test(key) ? path.join(this.dir, `${key}${SUFFIX}`) : null;
  }

  async put(key: string, results: StoredResults, ttlSeconds: number): Promise<void> {
    const file = this.fileOf(key);
    if (file === null) throw new Error('invalid results key');
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.dir, `.${randomUUID()}.tmp`);
    // Query results can hold anything the engines hold: readable by the server's user only.
    await writeFile(temp, await encodeResults(results), { mode: 0o600 });
    const expires = ttlSeconds > 0 ? new Date(Date.now() + ttlSeconds * 1000) : NEVER;
    await utimes(temp, expires, expires);
    // Readers see the whole file or none of it.
    await rename(temp, file);
  }

  open(key: string, ttlSeconds: number): ResultsWriter {
    const file = this.fileOf(key);
    if (file === null) throw new Error('invalid results key');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.dir, `.${randomUUID()}.tmp`);
    const writer = new ResultsWriter();
    // The compressed bytes go straight to a temporary file; readers see the whole file or none.
    const drained = pipeline(writer.gzip, createWriteStream(temp, { mode: 0o600 }));
    // A discard destroys gzip, which rejects the pipeline: that is the expected end, not an error.
    drained.catch(() => undefined);
    writer.attach({
      drained,
      commit: async () => {
        const expires = ttlSeconds > 0 ? new Date(Date.now() + ttlSeconds * 1000) : NEVER;
        await utimes(temp, expires, expires);
        await rename(temp, file);
      },
      discard: async () => {
        await drained.catch(() => undefined);
        await unlink(temp).catch(() => undefined);
      },
    });
    return writer;
  }

  async get(key: string): Promise<StoredResults | null> {
    const file = this.fileOf(key);
    if (file === null) return null;
    try {
      const info = await stat(file);
      if (info.mtimeMs <= Date.now()) {
        await unlink(file).catch(() => undefined);
        return null;
      }
      return await decodeResults(await readFile(file));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    if (file !== null) await unlink(file).catch(() => undefined);
  }

  async sweep(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    const now = Date.now();
    for (const name of names) {
      if (!name.endsWith(SUFFIX)) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs <= now) {
        await unlink(file).catch(() => undefined);
        removed += 1;
      }
    }
    return removed;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
