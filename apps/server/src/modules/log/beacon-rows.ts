import { isRecord, logEventBatchSchema, type LogEvent } from '@tessera/contracts';
import { MultipartForm } from '../../platform/multipart-body';
import { messageError } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import type { LogRow } from './log-writer';

/** The fields of a POST /superset/log/ body, whichever way it came (beacon form, urlencoded, JSON). */
function fieldsOf(body: unknown): ReadonlyMap<string, unknown> {
  if (body instanceof MultipartForm) return body.fields;
  if (isRecord(body)) return new Map(Object.entries(body));
  if (body === undefined || body === null) return new Map();
  throw messageError(400, 'The log body must be a form or a JSON object.');
}

/** A form sends the events as JSON text; a JSON body may hold the array itself. */
function eventsOf(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw messageError(400, { events: ['Not valid JSON.'] });
  }
}

const positiveInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

const numericId = (value: unknown): number | null =>
  positiveInt(value) ?? (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null);

export interface BeaconContext {
  query: { explode?: string | undefined; dashboard_id?: number | undefined; slice_id?: number | undefined };
  userId: number | null;
  referrer: string | null;
  now: Date;
}

/** One row per event: its event_name is the action, its source names the dashboard or chart. */
function rowOf(event: LogEvent, ctx: BeaconContext): LogRow {
  const sourceId = numericId(event.source_id);
  const dashboardId =
    ctx.query.dashboard_id ??
    positiveInt(event.dashboard_id) ??
    (event.source === 'dashboard' ? sourceId : null);
  const sliceId =
    ctx.query.slice_id ?? positiveInt(event.slice_id) ?? (event.source === 'explore' ? sourceId : null);
  return {
    action: event.event_name,
    user_id: ctx.userId,
    dashboard_id: dashboardId,
    slice_id: sliceId,
    json: JSON.stringify(event),
    dttm: ctx.now.toISOString(),
    duration_ms: typeof event.duration === 'number' ? Math.round(event.duration) : null,
    referrer: ctx.referrer,
  };
}

/**
 * The `logs` rows of one POST /superset/log/ (reference §11). With `explode=<field>` that field is a
 * JSON array and each element becomes a row; without it the whole body is one row named `log`. The
 * `guest_token` field is never stored: it is a credential.
 */
export function beaconRows(body: unknown, ctx: BeaconContext): LogRow[] {
  const fields = fieldsOf(body);
  const explode = ctx.query.explode;
  if (explode === undefined || explode === '') {
    const payload = Object.fromEntries([...fields].filter(([key]) => key !== 'guest_token'));
    return [
      {
        action: 'log',
        user_id: ctx.userId,
        dashboard_id: ctx.query.dashboard_id ?? null,
        slice_id: ctx.query.slice_id ?? null,
        json: JSON.stringify(payload),
        dttm: ctx.now.toISOString(),
        duration_ms: null,
        referrer: ctx.referrer,
      },
    ];
  }
  if (!fields.has(explode)) throw messageError(400, { [explode]: ['Missing data for required field.'] });
  const events = parseInput(logEventBatchSchema, eventsOf(fields.get(explode)));
  return events.map((event) => rowOf(event, ctx));
}
