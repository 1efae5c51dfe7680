import { asyncEventsResponseSchema, type AsyncEvent } from '@tessera/contracts';
import { z } from 'zod';
import { sendRequest } from '../../shared/api/http';
import { AsyncEventClient, type SocketLike } from './async-event-client';

const confInState = z.object({
  session: z.object({
    common: z.object({
      conf: z.object({
        GLOBAL_ASYNC_QUERIES_TRANSPORT: z.enum(['polling', 'ws']).catch('polling'),
        GLOBAL_ASYNC_QUERIES_POLLING_DELAY: z.number().positive().catch(500),
        GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: z.string().catch(''),
      }),
    }),
  }),
});

/** The socket URL: the configured one, else this server's own `/ws` on the page's host. */
export function asyncSocketUrl(configured: string, location: { protocol: string; host: string }): string {
  if (configured !== '') return configured;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

async function fetchEvents(lastId: string | null): Promise<AsyncEvent[]> {
  const outcome = await sendRequest(
    { url: '/api/v1/async_event/', params: { last_id: lastId ?? undefined } },
    { timeoutSeconds: 30 },
  );
  if (!outcome.ok) throw new Error(outcome.error.error);
  const parsed = asyncEventsResponseSchema.safeParse(outcome.data);
  if (!parsed.success) throw new Error('Unexpected response from the server');
  return parsed.data.result;
}

function openBrowserSocket(url: string): SocketLike {
  const socket = new WebSocket(url);
  const like: SocketLike = { onopen: null, onmessage: null, onclose: null, close: () => socket.close() };
  socket.onopen = () => like.onopen?.();
  socket.onmessage = (message: MessageEvent) => like.onmessage?.({ data: message.data });
  socket.onclose = () => like.onclose?.();
  return like;
}

/**
 * The page's one AsyncEventClient, made at first use from the bootstrap conf (transport, polling
 * delay, socket URL). Lives in the store's thunk extra, so each store (each test) has its own.
 */
export class AsyncEventsHolder {
  private client: AsyncEventClient | null = null;

  get(state: unknown): AsyncEventClient {
    if (this.client) return this.client;
    const parsed = confInState.safeParse(state);
    const conf = parsed.success
      ? parsed.data.session.common.conf
      : {
          GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling' as const,
          GLOBAL_ASYNC_QUERIES_POLLING_DELAY: 500,
          GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: '',
        };
    this.client = new AsyncEventClient({
      transport: conf.GLOBAL_ASYNC_QUERIES_TRANSPORT,
      pollingDelayMs: conf.GLOBAL_ASYNC_QUERIES_POLLING_DELAY,
      socketUrl: asyncSocketUrl(conf.GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL, window.location),
      fetchEvents,
      openSocket: openBrowserSocket,
      warn: (message) => {
        console.warn(message);
      },
    });
    return this.client;
  }

  close(): void {
    this.client?.close();
    this.client = null;
  }
}
