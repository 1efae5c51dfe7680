import type { AsyncEvent } from '@tessera/contracts';
import { compareEventIds } from './event-ids';

/** An event before the log numbered it. */
export type NewAsyncEvent = Omit<AsyncEvent, 'id'>;

export type EventListener = (event: AsyncEvent) => void;

/**
 * Where job events go and are read back, per channel (reference §6): Redis streams shared by every
 * process when REDIS_URL is set, otherwise this process's memory. Ids grow within a channel.
 */
export interface AsyncEventLog {
  append(event: NewAsyncEvent): Promise<AsyncEvent>;
  /** Events of `channel` after `lastId` (from the start when null), oldest first, at most `count`. */
  read(channel: string, lastId: string | null, count: number): Promise<AsyncEvent[]>;
  /** Calls `listener` for every event appended from now on, by any process; returns the unsubscribe. */
  follow(channel: string, listener: EventListener): () => void;
  close(): Promise<void>;
}

/** The log without Redis: the last `limit` events of each channel, and listeners in this process. */
export class MemoryEventLog implements AsyncEventLog {
  private readonly channels = new Map<string, AsyncEvent[]>();
  private readonly listeners = new Map<string, Set<EventListener>>();
  private lastMs = 0;
  private seq = 0;

  constructor(private readonly limit: number) {}

  private nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq += 1;
    return `${this.lastMs}-${this.seq}`;
  }

  append(event: NewAsyncEvent): Promise<AsyncEvent> {
    const stored: AsyncEvent = { id: this.nextId(), ...event };
    let events = this.channels.get(event.channel_id);
    if (!events) {
      events = [];
      this.channels.set(event.channel_id, events);
    }
    events.push(stored);
    if (events.length > this.limit) events.splice(0, events.length - this.limit);
    for (const listener of this.listeners.get(event.channel_id) ?? []) listener(stored);
    return Promise.resolve(stored);
  }

  read(channel: string, lastId: string | null, count: number): Promise<AsyncEvent[]> {
    const events = this.channels.get(channel) ?? [];
    const after = lastId === null ? events : events.filter((event) => compareEventIds(event.id, lastId) > 0);
    return Promise.resolve(after.slice(0, count));
  }

  follow(channel: string, listener: EventListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
