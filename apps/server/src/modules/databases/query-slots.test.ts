import { describe, expect, it } from 'vitest';
import { QuerySlots, SlotWaitAborted, slotLimits } from './query-slots';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('QuerySlots', () => {
  it('derives the per-user share of a pool, at least one connection', () => {
    expect(slotLimits({ user_max_running_queries: 4, database_pool_size: 10, user_pool_share: 0.5 })).toEqual(
      {
        userMax: 4,
        databaseMax: 10,
        userDatabaseMax: 5,
      },
    );
    expect(
      slotLimits({ user_max_running_queries: 4, database_pool_size: 3, user_pool_share: 0.1 })
        .userDatabaseMax,
    ).toBe(1);
  });

  it("holds a user at their share while another user's query runs at once", async () => {
    const slots = new QuerySlots({ userMax: 10, databaseMax: 4, userDatabaseMax: 2 });
    const releases = await Promise.all([slots.acquire(1, 7), slots.acquire(1, 7)]);
    let third: (() => void) | null = null;
    void slots.acquire(1, 7).then((release) => (third = release));
    await tick();
    expect(third).toBeNull();
    expect(slots.waitingFor(1)).toBe(1);
    const other = await slots.acquire(2, 7);
    expect(slots.running(2)).toBe(1);
    const [firstRelease] = releases;
    firstRelease();
    await tick();
    expect(third).not.toBeNull();
    other();
  });

  it('caps a user over every database and keeps their queries in order', async () => {
    const slots = new QuerySlots({ userMax: 1, databaseMax: 10, userDatabaseMax: 10 });
    const first = await slots.acquire(1, 1);
    const order: string[] = [];
    const second = slots.acquire(1, 2).then((release) => {
      order.push('second');
      return release;
    });
    const third = slots.acquire(1, 3).then((release) => {
      order.push('third');
      return release;
    });
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(slots.running(1)).toBe(0);
  });

  it('gives up a wait when its signal aborts, and the slot goes to the next waiter', async () => {
    const slots = new QuerySlots({ userMax: 1, databaseMax: 10, userDatabaseMax: 10 });
    const held = await slots.acquire(1, 1);
    const controller = new AbortController();
    const aborted = slots.acquire(1, 1, controller.signal);
    const next = slots.acquire(1, 1);
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(SlotWaitAborted);
    held();
    (await next)();
    expect(slots.running(1)).toBe(0);
    expect(slots.waitingFor(1)).toBe(0);
  });
});
