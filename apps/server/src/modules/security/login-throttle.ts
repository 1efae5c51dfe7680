import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis, createRedis } from '../../platform/redis';

const WINDOW_MS = 60_000;
const KEY_PREFIX = 'tessera:login-budget:';
/** Past this many counters the in-memory side drops the ones whose window has ended. */
const PRUNE_AT = 10_000;

/**
 * Adds one to each key's counter of the current window and returns [count, ms left] per key. One
 * script, so the counter and its expiry are set together even if the connection drops in between.
 */
const COUNT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out`;

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed one-minute windows in this process: the floor that holds whatever Redis does. */
class MemoryCounters {
  private readonly windows = new Map<string, Window>();

  add(key: string, now: number): Window {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= PRUNE_AT) this.prune(now);
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export interface LoginBudgets {
  perUsername: number;
  perAddress: number;
}

/** A spent budget: how long until the attempt would be allowed, in whole seconds. */
export interface LoginRefusal {
  retryAfterSeconds: number;
}

/**
 * Login attempts per username and per client address, one budget each for both login paths (the
 * browser form and the API). Every attempt is counted in this process; with Redis it is counted
 * there too, so all web processes share the budget. When Redis is down or slow the local count still
 * decides: an outage never lifts the limit, and never turns a login into a 500.
 */
export class LoginThrottle {
  private readonly memory = new MemoryCounters();
  private redisDownLogged = false;
  /** Settles once the first connection attempt has succeeded or failed. */
  private readonly firstConnection: Promise<void>;

  private constructor(
    private readonly budgets: LoginBudgets,
    private readonly redis: Redis | null,
    private readonly log: FastifyBaseLogger,
  ) {
    this.firstConnection = new Promise((resolve) => {
      if (!redis) {
        resolve();
        return;
      }
      for (const event of ['ready', 'error', 'end']) redis.once(event, () => resolve());
    });
  }

  static create(budgets: LoginBudgets, redisUrl: string | null, log: FastifyBaseLogger): LoginThrottle {
    const downNotes: ((error: Error) => void)[] = [];
    // Fail at once while disconnected, and give up on a hung server quickly: the local count answers.
    const redis = redisUrl
      ? createRedis(redisUrl, 'fail-fast', (error) => {
          for (const note of downNotes) note(error);
        })
      : null;
    const throttle = new LoginThrottle(budgets, redis, log);
    downNotes.push((error) => throttle.noteRedisDown(error));
    redis?.on('ready', () => {
      throttle.redisDownLogged = false;
    });
    return throttle;
  }

  private noteRedisDown(error: Error): void {
    if (!this.redisDownLogged)
      this.log.warn({ err: error.message }, 'Redis unavailable for the login budgets; counting in process');
    this.redisDownLogged = true;
  }

  /** Counts one attempt; returns a refusal when the username's or the address's budget is spent. */
  async attempt(username: string, address: string): Promise<LoginRefusal | null> {
    const keys = [
      `${KEY_PREFIX}user:${createHash('sha256').update(username.toLowerCase()).digest('hex')}`,
      `${KEY_PREFIX}addr:${address}`,
    ];
    const limits = [this.budgets.perUsername, this.budgets.perAddress];
    const now = Date.now();
    const counts = keys.map((key) => {
      const window = this.memory.add(key, now);
      return { count: window.count, msLeft: window.resetAt - now };
    });
    const shared = await this.countInRedis(keys);
    if (shared) counts.forEach((local, i) => Object.assign(local, maxCount(local, shared[i])));
    let waitMs = 0;
    counts.forEach(({ count, msLeft }, i) => {
      if (count > (limits[i] ?? 0)) waitMs = Math.max(waitMs, msLeft);
    });
    return waitMs > 0 ? { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : null;
  }

  private async countInRedis(keys: string[]): Promise<{ count: number; msLeft: number }[] | null> {
    if (!this.redis) return null;
    // Right after start, wait for the connection (bounded by connectTimeout) rather than count locally
    // only; later, a connection that is not ready means Redis is down and the local count answers.
    await this.firstConnection;
    if (this.redis.status !== 'ready') return null;
    try {
      const reply: unknown = await this.redis.eval(COUNT_SCRIPT, keys.length, ...keys, String(WINDOW_MS));
      if (!Array.isArray(reply) || reply.length !== keys.length * 2) return null;
      const numbers = reply.map(Number);
      return keys.map((_, i) => ({ count: numbers[i * 2] ?? 0, msLeft: numbers[i * 2 + 1] ?? WINDOW_MS }));
    } catch (error) {
      this.noteRedisDown(error instanceof Error ? error : new Error(String(error)));
      return null;
    }
  }

  async close(): Promise<void> {
    if (this.redis) await closeRedis(this.redis);
  }
}

function maxCount(
  local: { count: number; msLeft: number },
  shared: { count: number; msLeft: number } | undefined,
): { count: number; msLeft: number } {
  return shared && shared.count > local.count ? shared : local;
}
