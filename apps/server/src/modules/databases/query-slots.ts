import { sip40Error, type ApiError } from '../../platform/errors';

/** A wait for a slot that ended because its signal aborted (timeout or stop). */
export class SlotWaitAborted extends Error {
  override name = 'SlotWaitAborted';
}

export interface SlotLimits {
  /** Queries one user runs at a time, over every database. */
  userMax: number;
  /** Sessions one database holds at a time (its pool size). */
  databaseMax: number;
  /** Sessions one user holds on one database: a share of databaseMax, at least 1. */
  userDatabaseMax: number;
}

interface Claim {
  userId: number;
  databaseId: number;
}

interface Waiter extends Claim {
  admit: (release: () => void) => void;
}

/** The per-user and per-database counts of a limits object: the share, rounded down, at least 1. */
export function slotLimits(limits: {
  user_max_running_queries: number;
  database_pool_size: number;
  user_pool_share: number;
}): SlotLimits {
  return {
    userMax: limits.user_max_running_queries,
    databaseMax: limits.database_pool_size,
    userDatabaseMax: Math.max(1, Math.floor(limits.database_pool_size * limits.user_pool_share)),
  };
}

function bump(map: Map<string | number, number>, key: string | number, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}

/**
 * Admission for user queries in this process: a query runs when its user is under `userMax`, the
 * user holds less than its share of the database, and the database is under its pool size;
 * otherwise it waits. Waiters are served in arrival order, but one that cannot run yet does not
 * hold back another user's, so a user's backlog never delays anyone else.
 */
export class QuerySlots {
  private readonly byUser = new Map<string | number, number>();
  private readonly byDatabase = new Map<string | number, number>();
  private readonly byUserDatabase = new Map<string | number, number>();
  private readonly waiters: Waiter[] = [];

  constructor(readonly limits: SlotLimits) {}

  /** Queries of the user running now (for messages and tests). */
  running(userId: number): number {
    return this.byUser.get(userId) ?? 0;
  }

  /** Queries of the user waiting for a slot now. */
  waitingFor(userId: number): number {
    return this.waiters.filter((waiter) => waiter.userId === userId).length;
  }

  /** Resolves with the release function once the query may run; rejects when `signal` aborts first. */
  acquire(userId: number, databaseId: number, signal?: AbortSignal): Promise<() => void> {
    const claim = { userId, databaseId };
    if (signal?.aborted) return Promise.reject(new SlotWaitAborted('The wait for a query slot was aborted.'));
    // A user's later queries never overtake their earlier ones.
    if (this.fits(claim) && !this.waiters.some((waiter) => waiter.userId === userId))
      return Promise.resolve(this.take(claim));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new SlotWaitAborted('The wait for a query slot was aborted.'));
      };
      const waiter: Waiter = {
        ...claim,
        admit: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private fits(claim: Claim): boolean {
    const { userMax, databaseMax, userDatabaseMax } = this.limits;
    return (
      (this.byUser.get(claim.userId) ?? 0) < userMax &&
      (this.byDatabase.get(claim.databaseId) ?? 0) < databaseMax &&
      (this.byUserDatabase.get(`${claim.userId}:${claim.databaseId}`) ?? 0) < userDatabaseMax
    );
  }

  private take(claim: Claim): () => void {
    this.count(claim, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count(claim, -1);
      this.admitWaiters();
    };
  }

  private count(claim: Claim, by: number): void {
    bump(this.byUser, claim.userId, by);
    bump(this.byDatabase, claim.databaseId, by);
    bump(this.byUserDatabase, `${claim.userId}:${claim.databaseId}`, by);
  }

  private admitWaiters(): void {
    const blockedUsers = new Set<number>();
    for (let i = 0; i < this.waiters.length;) {
      const waiter = this.waiters[i];
      if (!waiter) break;
      if (!blockedUsers.has(waiter.userId) && this.fits(waiter)) {
        this.waiters.splice(i, 1);
        waiter.admit(this.take(waiter));
      } else {
        blockedUsers.add(waiter.userId);
        i += 1;
      }
    }
  }
}

/** 429 for work that would wait too long, or could not queue, behind the user's running queries. */
export function tooManyQueriesError(most: number): ApiError {
  return sip40Error(
    429,
    'GENERIC_BACKEND_ERROR',
    `You already have ${most} queries running, the most one user may run at a time. Wait for one to finish or stop one, then try again.`,
    { limit: most },
  );
}
