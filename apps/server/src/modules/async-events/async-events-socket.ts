import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { ASYNC_EVENT_ID_PATTERN, ASYNC_EVENT_LIMITS, type AsyncEvent } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { channelOfCookieHeader } from './async-channel';
import { followAsyncEvents, readAsyncEvents } from './async-events.service';
import { compareEventIds } from './event-ids';

/** Where browsers open the events socket when GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL is empty. */
export const ASYNC_EVENTS_SOCKET_PATH = '/ws';
/** A socket that answers no ping within this long is closed (a dead peer holds no listener). */
const PING_MS = 30_000;

function refuse(socket: Duplex, status: string): void {
  socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** A page of another origin must not read a user's events with the user's cookie. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Sends the channel's events after `lastId`, then every new one as it is appended, each once and in
 * order: the live listener is attached before the backlog is read, and holds what arrives meanwhile.
 */
async function serveSocket(
  ctx: AppContext,
  socket: WebSocket,
  channel: string,
  lastId: string | null,
): Promise<void> {
  let sentId = lastId;
  let held: AsyncEvent[] | null = [];
  const send = (event: AsyncEvent): void => {
    if (sentId !== null && compareEventIds(event.id, sentId) <= 0) return;
    sentId = event.id;
    socket.send(JSON.stringify(event));
  };
  const unfollow = followAsyncEvents(ctx, channel, (event) => {
    if (held) held.push(event);
    else send(event);
  });
  socket.on('close', unfollow);
  if (lastId !== null) {
    for (;;) {
      const page = await readAsyncEvents(ctx, channel, sentId);
      for (const event of page) send(event);
      if (page.length < ASYNC_EVENT_LIMITS.maxEventsPerRead) break;
    }
  }
  const waiting = held;
  held = null;
  for (const event of waiting) send(event);
}

/**
 * The WebSocket transport (GLOBAL_ASYNC_QUERIES_TRANSPORT 'ws') on this server's own HTTP port:
 * `GET /ws?last_id=<id>` upgraded when the async-token cookie is valid; each message is one event.
 */
export function registerAsyncEventsSocket(app: FastifyInstance, ctx: AppContext): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const alive = new WeakSet<WebSocket>();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== ASYNC_EVENTS_SOCKET_PATH) {
      refuse(socket, '404 Not Found');
      return;
    }
    if (!sameOrigin(request)) {
      refuse(socket, '403 Forbidden');
      return;
    }
    const lastIdParam = url.searchParams.get('last_id');
    const lastId = lastIdParam !== null && ASYNC_EVENT_ID_PATTERN.test(lastIdParam) ? lastIdParam : null;
    channelOfCookieHeader(app, ctx, request.headers.cookie).then(
      (channel) => {
        if (channel === null) {
          refuse(socket, '401 Unauthorized');
          return;
        }
        sockets.handleUpgrade(request, socket, head, (ws) => {
          alive.add(ws);
          ws.on('pong', () => alive.add(ws));
          ws.on('error', () => ws.terminate());
          serveSocket(ctx, ws, channel, lastId).catch((error: unknown) => {
            ctx.log.warn(
              { err: error instanceof Error ? error.message : String(error) },
              'async events socket failed',
            );
            ws.close(1011);
          });
        });
      },
      () => refuse(socket, '500 Internal Server Error'),
    );
  });
  const pinger = setInterval(() => {
    for (const ws of sockets.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, PING_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    for (const ws of sockets.clients) ws.terminate();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  });
}
