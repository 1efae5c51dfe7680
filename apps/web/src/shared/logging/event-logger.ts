import { LOG_BATCH, type LogEvent, type LogEventSource } from '@tessera/contracts';
import { nanoid } from 'nanoid';

export const LOG_ENDPOINT = '/superset/log/';

/** How a batch leaves the page: `beacon` returns false when the browser refused to queue it. */
export interface LogTransport {
  beacon: ((url: string, data: FormData) => boolean) | null;
  post: (url: string, events: readonly LogEvent[]) => void;
}

export interface EventLoggerOptions {
  transport: LogTransport;
  /** The embedded viewer's guest token, sent with every batch; null for signed-in users. */
  guestToken?: () => string | null;
  now?: () => number;
  visibility?: () => string;
  maxEvents?: number;
  quietMs?: number;
}

/** The fields a screen gives for one event; the logger adds the rest (spec 001 §7). */
export interface LogEventInput {
  source: LogEventSource;
  sourceId: number | string | null;
  eventName: string;
  /** target_id, target_name, db_id, schema, slice_id, duration … */
  fields?: Readonly<Record<string, unknown>>;
}

/**
 * The `?explode=events` URL of a batch: the source of its first event adds `dashboard_id` or
 * `slice_id` (spec 001 §7), so the server can name the dashboard or chart of every row.
 */
export function logUrl(events: readonly LogEvent[]): string {
  const first = events[0];
  const id = first?.source_id;
  if (first?.source === 'dashboard' && typeof id === 'number')
    return `${LOG_ENDPOINT}?explode=events&dashboard_id=${id}`;
  if (first?.source === 'explore' && typeof id === 'number')
    return `${LOG_ENDPOINT}?explode=events&slice_id=${id}`;
  return `${LOG_ENDPOINT}?explode=events`;
}

/**
 * The client side of event logging (spec 001 §4 'Logging', §9): events are queued and sent as one
 * batch once 1,024 wait or after 1,000 ms without a new one, with navigator.sendBeacon (so a batch
 * survives the page closing) or, where beacons are missing or refused, an ordinary post. A timing
 * event names the last user event as its trigger_event; every event carries this page load's
 * impression_id.
 */
export class EventLogger {
  readonly impressionId = nanoid(10);
  private queue: LogEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastUserEventId: string | null = null;
  private readonly maxEvents: number;
  private readonly quietMs: number;

  constructor(private readonly options: EventLoggerOptions) {
    this.maxEvents = options.maxEvents ?? LOG_BATCH.maxEvents;
    this.quietMs = options.quietMs ?? LOG_BATCH.quietMs;
  }

  /** Something the user did; returns its event_id, which later timing events name as their trigger. */
  logUserEvent(input: LogEventInput): string {
    const eventId = nanoid(10);
    this.lastUserEventId = eventId;
    this.add({ ...this.base(input), event_type: 'user', event_id: eventId });
    return eventId;
  }

  /** How long something took (`duration` in ms), linked to the user event that started it. */
  logTimingEvent(input: LogEventInput & { duration: number }): void {
    this.add({
      ...this.base(input),
      event_type: 'timing',
      trigger_event: this.lastUserEventId,
      duration: Math.max(0, Math.round(input.duration)),
    });
  }

  /** Sends what is queued now (page hide, tests); the queue may hold more than one batch's worth. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length > 0) this.send(this.queue.splice(0, this.maxEvents));
  }

  private base(input: LogEventInput): LogEvent {
    return {
      ...input.fields,
      source: input.source,
      source_id: input.sourceId,
      impression_id: this.impressionId,
      version: 'v2',
      ts: (this.options.now ?? Date.now)(),
      event_name: input.eventName,
      visibility: (this.options.visibility ?? (() => document.visibilityState))(),
    };
  }

  private add(event: LogEvent): void {
    this.queue.push(event);
    if (this.queue.length >= this.maxEvents) {
      this.flush();
      return;
    }
    // Quiet means no new event for quietMs: each event restarts the wait.
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.quietMs);
  }

  private send(events: LogEvent[]): void {
    const url = logUrl(events);
    const { beacon, post } = this.options.transport;
    if (beacon !== null) {
      const form = new FormData();
      form.append('events', JSON.stringify(events));
      const guestToken = this.options.guestToken?.() ?? null;
      if (guestToken !== null) form.append('guest_token', guestToken);
      if (beacon(url, form)) return;
    }
    post(url, events);
  }
}
