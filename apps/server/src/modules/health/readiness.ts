import type { Readiness } from '@tessera/contracts';
import { Redis } from 'ioredis';
import type { MetadataStore } from '../../db/kysely';

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
    this.redis = redisUrl
      ? new Redis(redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: PROBE_TIMEOUT_MS,
          lazyConnect: false,
        })
      : null;
    this.redis?.on('error', onRedisError);
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

  close(): void {
    this.redis?.disconnect();
  }
}
