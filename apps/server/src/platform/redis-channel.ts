import type { Redis } from 'ioredis';
import { closeRedis, createRedis } from './redis';

/**
 * A Redis pub/sub channel shared by every process on the same Redis (e.g. "stop query 42" from the
 * web process that got the request to the worker that runs it). Messages are fire-and-forget:
 * a process that is disconnected when one is published does not see it.
 */
export interface RedisChannel {
  readonly name: string;
  /** Resolves once sent, or once Redis refused it (the error goes to `onError`). */
  publish(message: string): Promise<void>;
  /** Calls `listener` for every message, including this process's own. */
  subscribe(listener: (message: string) => void): void;
  close(): Promise<void>;
}

export function openRedisChannel(url: string, name: string, onError: (error: Error) => void): RedisChannel {
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  const listeners: ((message: string) => void)[] = [];
  return {
    name,
    async publish(message) {
      publisher ??= createRedis(url, 'commands', onError);
      await publisher.publish(name, message).then(
        () => undefined,
        (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
      );
    },
    subscribe(listener) {
      listeners.push(listener);
      if (subscriber) return;
      subscriber = createRedis(url, 'subscriber', onError);
      subscriber.on('message', (channel: string, message: string) => {
        if (channel !== name) return;
        for (const each of listeners) each(message);
      });
      subscriber.subscribe(name).catch((error: unknown) => {
        onError(error instanceof Error ? error : new Error(String(error)));
      });
    },
    async close() {
      await Promise.all([publisher, subscriber].flatMap((client) => (client ? [closeRedis(client)] : [])));
    },
  };
}
