import type { LogEvent } from '@tessera/contracts';
import { sendRequest } from '../api/http';
import type { LogTransport } from './event-logger';

/** A lost batch is not worth the user's attention; this is how long the fallback post may take. */
const POST_TIMEOUT_SECONDS = 30;

/** The page's own transport: navigator.sendBeacon where the browser has it, else a keepalive post. */
export function browserTransport(): LogTransport {
  const canBeacon = typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function';
  return {
    beacon: canBeacon ? (url, data) => navigator.sendBeacon(url, data) : null,
    post: (url: string, events: readonly LogEvent[]) => {
      // /superset/log/ needs no CSRF header (beacons cannot send one); failures are dropped silently.
      void sendRequest(
        { url, method: 'POST', body: { events }, keepalive: true },
        { timeoutSeconds: POST_TIMEOUT_SECONDS },
      );
    },
  };
}
