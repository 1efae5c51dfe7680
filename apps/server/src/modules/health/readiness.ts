import type { Readiness } from '@tessera/contracts';
import type { Redis } from 'ioredis';
import type { MetadataStore } from '../../db/kysely';
import { closeRedis, createRedis } from '../../platform/redis';

/** A backend that does not answer within this long counts as down. */
const PROBE_TIMEOUT_MS = 2000;

async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes the backends a request needs: the metadata store always, Redis when configured. Redis is
 * probed on a connection of its own that never queues commands while disconnected, so a probe
 * during an outage answers at once instead of waiting for the reconnect.
 */
export class ReadinessProbe {
  private readonly redis: Redis | null;

  constructor(
    private readonly store: MetadataStore,
    redisUrl: string | null,
    onRedisError: (error: Error) => void,
  ) {
    this.redis = redisUrl ? createRedis(redisUrl, 'fail-fast', onRedisError) : null;
  }

  async check(): Promise<Readiness> {
    const [metadata, redis] = await Promise.all([
      within(this.store.ping(), PROBE_TIMEOUT_MS),
      this.redis ? within(this.redis.ping(), PROBE_TIMEOUT_MS) : Promise.resolve(null),
    ]);
    const backends: Readiness['backends'] = { metadata: metadata ? 'up' : 'down' };
    if (redis !== null) backends.redis = redis ? 'up' : 'down';
    const ready = metadata && redis !== false;
    return { status: ready ? 'ready' : 'unavailable', backends };
  }

  async close(): Promise<void> {
    if (this.redis) await closeRedis(this.redis);
  }
}
