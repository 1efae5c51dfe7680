import type { LogEvent } from '@tessera/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventLogger, logUrl, type LogTransport } from './event-logger';

interface Sent {
  via: 'beacon' | 'post';
  url: string;
  events: LogEvent[];
  guestToken: string | null;
}

function recorder(beaconAccepts: boolean | null): { transport: LogTransport; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    transport: {
      beacon:
        beaconAccepts === null
          ? null
          : (url, data) => {
              if (!beaconAccepts) return false;
              const raw = data.get('events');
              const token = data.get('guest_token');
              sent.push({
                via: 'beacon',
                url,
                events: typeof raw === 'string' ? (JSON.parse(raw) as LogEvent[]) : [],
                guestToken: typeof token === 'string' ? token : null,
              });
              return true;
            },
      post: (url, events) => sent.push({ via: 'post', url, events: [...events], guestToken: null }),
    },
  };
}

const dashboardEvent = { source: 'dashboard' as const, sourceId: 7, eventName: 'mount_dashboard' };

describe('EventLogger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one beacon after 1,000 ms without a new event', () => {
    const { transport, sent } = recorder(true);
    const logger = new EventLogger({ transport, now: () => 42, visibility: () => 'visible' });
    logger.logUserEvent(dashboardEvent);
    vi.advanceTimersByTime(900);
    logger.logTimingEvent({ ...dashboardEvent, eventName: 'render_chart', duration: 12.4 });
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.via).toBe('beacon');
    expect(sent[0]?.url).toBe('/superset/log/?explode=events&dashboard_id=7');
    const [user, timing] = sent[0]?.events ?? [];
    expect(user).toMatchObject({
      source: 'dashboard',
      source_id: 7,
      version: 'v2',
      ts: 42,
      event_type: 'user',
      event_name: 'mount_dashboard',
      impression_id: logger.impressionId,
      visibility: 'visible',
    });
    expect(timing).toMatchObject({ event_type: 'timing', trigger_event: user?.event_id, duration: 12 });
    expect(timing?.event_id).toBeUndefined();
  });

  it('sends at once when 1,024 events wait, and the rest after the quiet time', () => {
    const { transport, sent } = recorder(true);
    const logger = new EventLogger({ transport, visibility: () => 'visible' });
    for (let i = 0; i < 1025; i += 1) logger.logUserEvent(dashboardEvent);
    expect(sent.map((batch) => batch.events.length)).toEqual([1024]);
    vi.advanceTimersByTime(1000);
    expect(sent.map((batch) => batch.events.length)).toEqual([1024, 1]);
  });

  it('posts when the browser has no beacon or refuses one', () => {
    for (const beacon of [null, false]) {
      const { transport, sent } = recorder(beacon);
      const logger = new EventLogger({ transport, visibility: () => 'visible' });
      logger.logUserEvent({ source: 'explore', sourceId: 3, eventName: 'mount_explorer' });
      logger.flush();
      expect(sent.map(({ via, url }) => [via, url])).toEqual([
        ['post', '/superset/log/?explode=events&slice_id=3'],
      ]);
    }
  });

  it('attaches the guest token of an embedded viewer to the beacon', () => {
    const { transport, sent } = recorder(true);
    const logger = new EventLogger({ transport, guestToken: () => 'guest-1', visibility: () => 'visible' });
    logger.logUserEvent({ source: 'sqlLab', sourceId: 'tab-1', eventName: 'sqllab_run_query' });
    logger.flush();
    expect(sent[0]?.guestToken).toBe('guest-1');
    expect(sent[0]?.url).toBe('/superset/log/?explode=events');
  });
});

describe('logUrl', () => {
  it('names nothing when the first event has no numeric source id', () => {
    expect(logUrl([])).toBe('/superset/log/?explode=events');
    expect(logUrl([{ event_name: 'x', source: 'dashboard', source_id: 'abc' }])).toBe(
      '/superset/log/?explode=events',
    );
  });
});
