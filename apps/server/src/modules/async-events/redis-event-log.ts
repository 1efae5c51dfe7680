import type { Redis } from 'ioredis';
import { asyncEventSchema, type AsyncEvent } from '@tessera/contracts';
import { closeRedis, createRedis } from '../../platform/redis';
import type { AsyncEventLog, EventListener, NewAsyncEvent } from './event-log';

/**
 * Appends one event to the stream of every channel (the firehose, which WebSocket servers follow)
 * and, under the same id, to its channel's stream, atomically: the channel stream is a subsequence
 * of the firehose, so one id means one event in both, and a client may resume either from it.
 * Both are capped (MAXLEN); a channel nobody wrote to for `ttl` ms goes away.
 */
const APPEND_SCRIPT = `
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'data', ARGV[1])
redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], id, 'data', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return id
`;

const CHANNEL_TTL_MS = 24 * 3600 * 1000;
/** How long one blocking read of the firehose waits before it looks at `closed` again. */
const BLOCK_MS = 5000;

type StreamEntry = [id: string, fields: string[]];

function eventOf(entry: StreamEntry): AsyncEvent | null {
  const [id, fields] = entry;
  const at = fields.indexOf('data');
  const data = at >= 0 ? fields[at + 1] : undefined;
  if (data === undefined) return null;
  try {
    const parsed = asyncEventSchema.safeParse({ ...(JSON.parse(data) as object), id });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface RedisEventLogOptions {
  url: string;
  /** Key of a channel's stream is `<keyPrefix><streamPrefix><channel>`; the firehose's ends in `full`. */
  keyPrefix: string;
  streamPrefix: string;
  channelLimit: number;
  firehoseLimit: number;
  onError: (error: Error) => void;
}

export class RedisEventLog implements AsyncEventLog {
  private readonly commands: Redis;
  private follower: Redis | null = null;
  private readonly listeners = new Map<string, Set<EventListener>>();
  private closed = false;

  constructor(private readonly options: RedisEventLogOptions) {
    this.commands = createRedis(options.url, 'commands', options.onError);
  }

  private channelKey(channel: string): string {
    return `${this.options.keyPrefix}${this.options.streamPrefix}${channel}`;
  }

  private get firehoseKey(): string {
    return `${this.options.keyPrefix}${this.options.streamPrefix}full`;
  }

  async append(event: NewAsyncEvent): Promise<AsyncEvent> {
    const id: unknown = await this.commands.eval(
      APPEND_SCRIPT,
      2,
      this.channelKey(event.channel_id),
      this.firehoseKey,
      JSON.stringify(event),
      this.options.channelLimit,
      this.options.firehoseLimit,
      CHANNEL_TTL_MS,
    );
    if (typeof id !== 'string') throw new Error('Redis did not number the async event');
    return { id, ...event };
  }

  async read(channel: string, lastId: string | null, count: number): Promise<AsyncEvent[]> {
    const entries = (await this.commands.xrange(
      this.channelKey(channel),
      lastId === null ? '-' : `(${lastId}`,
      '+',
      'COUNT',
      count,
    )) as StreamEntry[];
    return entries.flatMap((entry) => eventOf(entry) ?? []);
  }

  follow(channel: string, listener: EventListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    if (!this.follower) void this.followFirehose();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }

  /**
   * One blocking reader per process follows the firehose from its current end and hands each event
   * to this process's listeners of its channel (how superset-websocket does it, without a second service).
   */
  private async followFirehose(): Promise<void> {
    const client = createRedis(this.options.url, 'queue', this.options.onError);
    this.follower = client;
    let lastId: string | null = null;
    while (!this.closed) {
      try {
        if (lastId === null) {
          const newest = (await client.xrevrange(this.firehoseKey, '+', '-', 'COUNT', 1)) as StreamEntry[];
          lastId = newest[0]?.[0] ?? '0-0';
        }
        const from: string = lastId;
        const answer: [key: string, entries: StreamEntry[]][] | null = await client.xread(
          'COUNT',
          500,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.firehoseKey,
          from,
        );
        for (const [, entries] of answer ?? []) {
          for (const entry of entries) {
            lastId = entry[0];
            const event = eventOf(entry);
            if (!event) continue;
            for (const listener of this.listeners.get(event.channel_id) ?? []) listener(event);
          }
        }
      } catch (error) {
        if (this.isClosed()) break;
        this.options.onError(error instanceof Error ? error : new Error(String(error)));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** Read through a method: the loop's condition would otherwise narrow `closed` to false for good. */
  private isClosed(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    // A blocked XREAD never answers quit(): the follower is cut off.
    this.follower?.disconnect();
    await closeRedis(this.commands);
  }
}
