import { currentGuestToken } from '../api/guest-token';
import { browserTransport } from './browser-transport';
import { EventLogger, type LogEventInput } from './event-logger';

let instance: EventLogger | null = null;

/** The page's one logger, created on first use; a hidden page sends what is queued at once. */
function logger(): EventLogger {
  if (instance === null) {
    const created = new EventLogger({ transport: browserTransport(), guestToken: currentGuestToken });
    instance = created;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') created.flush();
    });
    window.addEventListener('pagehide', () => created.flush());
  }
  return instance;
}

export const logUserEvent = (input: LogEventInput): string => logger().logUserEvent(input);
export const logTimingEvent = (input: LogEventInput & { duration: number }): void =>
  logger().logTimingEvent(input);
