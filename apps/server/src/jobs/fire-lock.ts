import type { Redis } from 'ioredis';

/** Decides which of several beats fires one scheduled run. */
export interface FireLock {
  /** True for exactly one caller per `runKey`; rejects when the lock store cannot answer. */
  claim(runKey: string): Promise<boolean>;
}

/**
 * Lasts well beyond any clock difference between beat hosts; every run has a key of its own, so
 * the lock never needs releasing.
 */
const CLAIM_TTL_MS = 60 * 60_000;

/**
 * One Redis key per scheduled run, set only if absent: the first beat to ask fires it. `namespace`
 * (TESSERA_QUEUE_PREFIX) keeps the beats of installations sharing one Redis apart.
 */
export function redisFireLock(redis: Redis, ownerId: string, namespace = 'tessera'): FireLock {
  return {
    async claim(runKey) {
      const set = await redis.set(`${namespace}:beat:fired:${runKey}`, ownerId, 'PX', CLAIM_TTL_MS, 'NX');
      return set === 'OK';
    },
  };
}
