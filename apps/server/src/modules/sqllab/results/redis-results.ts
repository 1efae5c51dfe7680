import { once } from 'node:events';
import type { Redis } from 'ioredis';
import {
  RESULTS_KEY_PATTERN,
  decodeResults,
  encodeResults,
  type ResultsBackend,
  type StoredResults,
} from './stored-results';
import { ResultsWriter } from './results-writer';

const PREFIX = 'tessera:results:';

/** Results in Redis, shared by every web and worker process; Redis expires them itself. */
export class RedisResultsBackend implements ResultsBackend {
  constructor(private readonly redis: Redis) {}

  async put(key: string, results: StoredResults, ttlSeconds: number): Promise<void> {
    if (!RESULTS_KEY_PATTERN.test(key)) throw new Error('invalid results key');
    const data = await encodeResults(results);
    if (ttlSeconds > 0) await this.redis.set(PREFIX + key, data, 'EX', Math.ceil(ttlSeconds));
    else await this.redis.set(PREFIX + key, data);
  }

  open(key: string, ttlSeconds: number): ResultsWriter {
    if (!RESULTS_KEY_PATTERN.test(key)) throw new Error('invalid results key');
    const writer = new ResultsWriter();
    // Redis takes one value: the compressed bytes (a fraction of the JSON) are kept until commit.
    const chunks: Buffer[] = [];
    writer.gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    const drained = once(writer.gzip, 'end').then(() => undefined);
    drained.catch(() => undefined);
    writer.attach({
      drained,
      commit: async () => {
        const data = Buffer.concat(chunks);
        chunks.length = 0;
        if (ttlSeconds > 0) await this.redis.set(PREFIX + key, data, 'EX', Math.ceil(ttlSeconds));
        else await this.redis.set(PREFIX + key, data);
      },
      discard: () => {
        chunks.length = 0;
        return Promise.resolve();
      },
    });
    return writer;
  }

  async get(key: string): Promise<StoredResults | null> {
    if (!RESULTS_KEY_PATTERN.test(key)) return null;
    const data = await this.redis.getBuffer(PREFIX + key);
    return data === null ? null : decodeResults(data);
  }

  async delete(key: string): Promise<void> {
    if (RESULTS_KEY_PATTERN.test(key)) await this.redis.del(PREFIX + key);
  }

  sweep(): Promise<number> {
    return Promise.resolve(0);
  }
}
