import { logRecordSchema, recentActivityResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneLogs } from '../src/modules/log/log-retention';
import { LogWriter } from '../src/modules/log/log-writer';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { bringMetadataBack, metadataDatabaseOf, takeMetadataDown } from './metadata-outage';
import { waitFor } from './sqllab-support';

const BOUNDARY = '----tessera-log-test';

/** The body navigator.sendBeacon sends for a FormData: multipart with text fields. */
function beaconForm(fields: Record<string, string>): { payload: Buffer; type: string } {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`),
    type: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

const listSchema = logRecordSchema.array();

describe.each(METADATA_BACKENDS)('event logging on %s metadata', (backend) => {
  let server: TestServer;
  let fx: DashboardFixture;
  let dashboardId: number;

  const rowsOf = (action: string, userId?: number) => {
    let q = server.ctx.store.db.selectFrom('logs').selectAll().where('action', '=', action);
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    return q.orderBy('id').execute();
  };
  const waitRows = (action: string, count: number, userId?: number) =>
    waitFor(`${count} ${action} rows`, async () => {
      const rows = await rowsOf(action, userId);
      return rows.length >= count ? rows : null;
    });

  const beacon = (token: string, query: string, fields: Record<string, string>) => {
    const form = beaconForm(fields);
    return server.app.inject({
      method: 'POST',
      url: `/superset/log/?${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.type, referer: 'http://x/dash/' },
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    fx = await dashboardFixture(server);
    const created = await server.request('POST', '/api/v1/dashboard/', {
      token: fx.alice,
      body: { dashboard_title: 'Logged board', position_json: JSON.stringify(layoutWith(fx.charts)) },
    });
    expect(created.statusCode, created.body).toBe(201);
    dashboardId = created.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('writes one row per beacon event with the ids of the query string', async () => {
    const events = [
      {
        source: 'dashboard',
        source_id: dashboardId,
        impression_id: 'imp-1',
        version: 'v2',
        ts: 1_700_000_000_000,
        event_name: 'mount_dashboard',
        event_type: 'user',
        event_id: 'ev-user-1',
        visibility: 'visible',
      },
      {
        source: 'dashboard',
        source_id: dashboardId,
        impression_id: 'imp-1',
        version: 'v2',
        ts: 1_700_000_000_500,
        event_name: 'render_chart',
        event_type: 'timing',
        trigger_event: 'ev-user-1',
        slice_id: fx.charts[0],
        duration: 321.6,
        visibility: 'visible',
      },
    ];
    const response = await beacon(fx.alice, `explode=events&dashboard_id=${dashboardId}`, {
      events: JSON.stringify(events),
      guest_token: 'secret-guest-token',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mount] = await waitRows('mount_dashboard', 1, fx.aliceId);
    const [render] = await waitRows('render_chart', 1, fx.aliceId);
    expect(mount).toMatchObject({ dashboard_id: dashboardId, slice_id: null, referrer: 'http://x/dash/' });
    expect(JSON.parse(mount?.json ?? '{}')).toMatchObject({ impression_id: 'imp-1', event_id: 'ev-user-1' });
    expect(render).toMatchObject({ dashboard_id: dashboardId, slice_id: fx.charts[0], duration_ms: 322 });
    expect(JSON.parse(render?.json ?? '{}')).toMatchObject({
      trigger_event: 'ev-user-1',
      event_type: 'timing',
    });
    // The guest token is a credential: it is not stored anywhere in the row.
    expect(JSON.stringify([mount, render])).not.toContain('secret-guest-token');
  });

  it('takes the JSON fallback and names the chart of an Explore event', async () => {
    const response = await server.request('POST', `/superset/log/?explode=events&slice_id=${fx.charts[1]}`, {
      token: fx.alice,
      body: {
        events: [
          { source: 'explore', source_id: fx.charts[1], event_name: 'mount_explorer', event_type: 'user' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await waitRows('mount_explorer', 1, fx.aliceId);
    expect(row).toMatchObject({ slice_id: fx.charts[1], dashboard_id: null });
  });

  it('refuses bad batches with 400 and anonymous ones with 401, writing nothing', async () => {
    const bad = await beacon(fx.alice, 'explode=events', { events: '[{"event_name":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: { events: ['Not valid JSON.'] } });
    const tooMany = await beacon(fx.alice, 'explode=events', {
      events: JSON.stringify(Array.from({ length: 1025 }, () => ({ event_name: 'too_many' }))),
    });
    expect(tooMany.statusCode).toBe(400);
    const nameless = await beacon(fx.alice, 'explode=events', { events: '[{"source":"dashboard"}]' });
    expect(nameless.statusCode).toBe(400);
    const missing = await beacon(fx.alice, 'explode=events', { other: '[]' });
    expect(missing.statusCode).toBe(400);
    const anonymous = await server.request('POST', '/superset/log/?explode=events', {
      body: { events: [{ event_name: 'too_many' }] },
    });
    expect(anonymous.statusCode).toBe(401);
    await server.request('GET', '/api/v1/me/', { token: fx.alice });
    await waitRows('CurrentUserRestApi.get_list', 1, fx.aliceId);
    expect(await rowsOf('too_many')).toEqual([]);
  });

  it('logs API calls as <Api>.<method> with the caller, the duration and the object', async () => {
    const chartId = fx.charts[0] ?? 0;
    const shown = await server.request('GET', `/api/v1/chart/${chartId}`, { token: fx.alice });
    expect(shown.statusCode).toBe(200);
    const rows = await waitRows('ChartRestApi.get', 1, fx.aliceId);
    const row = rows.find((item) => item.slice_id === chartId);
    expect(row?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row?.json ?? '{}')).toEqual({
      path: `/api/v1/chart/${chartId}`,
      method: 'GET',
      status: 200,
    });
    await server.request('GET', `/api/v1/dashboard/${dashboardId}`, { token: fx.alice });
    const dashboardRows = await waitRows('DashboardRestApi.get', 1, fx.aliceId);
    expect(dashboardRows.some((item) => item.dashboard_id === dashboardId)).toBe(true);
  });

  it('lists, filters and shows rows to admins only', async () => {
    await waitRows('mount_dashboard', 1, fx.aliceId);
    const q = encodeURIComponent(`(filters:!((col:action,opr:eq,value:mount_dashboard)))`);
    const listed = await server.request('GET', `/api/v1/log/?q=${q}`, { token: fx.admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const body = listed.json<{ count: number; ids: number[]; result: unknown[] }>();
    const records = listSchema.parse(body.result);
    expect(body.count).toBe(1);
    expect(records[0]).toMatchObject({ action: 'mount_dashboard', user: { username: 'alice' } });

    const all = await server.request('GET', '/api/v1/log/', { token: fx.admin });
    const page = all.json<{ count: number; result: unknown[] }>();
    expect(page.count).toBeGreaterThan(20);
    expect(page.result).toHaveLength(20);

    const id = body.ids[0] ?? 0;
    const shown = await server.request('GET', `/api/v1/log/${id}`, { token: fx.admin });
    expect(shown.statusCode).toBe(200);
    expect(logRecordSchema.parse(shown.json<{ result: unknown }>().result).id).toBe(id);
    expect((await server.request('GET', '/api/v1/log/999999', { token: fx.admin })).statusCode).toBe(404);
    expect((await server.request('GET', '/api/v1/log/', { token: fx.alice })).statusCode).toBe(403);
    expect((await server.request('GET', `/api/v1/log/${id}`, { token: fx.alice })).statusCode).toBe(403);
    const badFilter = encodeURIComponent('(filters:!((col:nope,opr:eq,value:1)))');
    expect((await server.request('GET', `/api/v1/log/?q=${badFilter}`, { token: fx.admin })).statusCode).toBe(
      400,
    );
  });

  it('gives each user their own recents, newest first, one entry per item', async () => {
    await waitRows('mount_explorer', 1, fx.aliceId);
    // Alice opens the dashboard again after the chart: it becomes her latest item, listed once.
    await beacon(fx.alice, `explode=events&dashboard_id=${dashboardId}`, {
      events: JSON.stringify([
        { source: 'dashboard', source_id: dashboardId, event_name: 'mount_dashboard' },
      ]),
    });
    await waitRows('mount_dashboard', 2, fx.aliceId);
    const response = await server.request('GET', '/api/v1/log/recent_activity/', { token: fx.alice });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = recentActivityResponseSchema.parse(response.json());
    expect(result.map((item) => [item.item_type, item.item_title, item.item_url])).toEqual([
      ['dashboard', 'Logged board', `/superset/dashboard/${dashboardId}/`],
      ['slice', 'Second', `/explore/?slice_id=${fx.charts[1]}`],
    ]);
    expect(result[0]?.time_delta_humanized).toBe('a few seconds ago');

    const all = await server.request(
      'GET',
      `/api/v1/log/recent_activity/?q=${encodeURIComponent('(distinct:!f)')}`,
      {
        token: fx.alice,
      },
    );
    expect(recentActivityResponseSchema.parse(all.json()).result).toHaveLength(3);
    const bobs = await server.request('GET', '/api/v1/log/recent_activity/', { token: fx.bob });
    expect(recentActivityResponseSchema.parse(bobs.json()).result).toEqual([]);
    const bad = await server.request(
      'GET',
      `/api/v1/log/recent_activity/?q=${encodeURIComponent('(page_size:0)')}`,
      {
        token: fx.alice,
      },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('prunes rows older than the retention', async () => {
    const db = server.ctx.store.db;
    await db
      .insertInto('logs')
      .values({ action: 'ancient', dttm: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .execute();
    expect(await pruneLogs(db, 0)).toBe(0);
    expect(await rowsOf('ancient')).toHaveLength(1);
    expect(await pruneLogs(db, 30)).toBe(1);
    expect(await rowsOf('ancient')).toEqual([]);
    expect((await rowsOf('mount_dashboard')).length).toBeGreaterThan(0);
  });

  it.runIf(backend === 'postgres')(
    'keeps queued rows through a metadata store outage and writes them when it is back',
    async () => {
      const writer = new LogWriter(server.ctx.store.db, server.app.log, {
        flushRows: 500,
        flushMs: 50,
        maxQueued: 1_000,
        retryMs: 200,
        busyShare: 0.5,
      });
      const row = (n: number) => ({
        action: 'outage_event',
        json: JSON.stringify({ n }),
        dttm: new Date().toISOString(),
      });
      const database = metadataDatabaseOf(server);
      await takeMetadataDown(database);
      try {
        writer.enqueue([row(1), row(2), row(3)]);
        await writer.flush();
        expect(writer.queued).toBe(3);
        writer.enqueue([row(4)]);
        expect((await server.request('GET', '/health')).statusCode).toBe(200);
      } finally {
        await bringMetadataBack(database);
      }
      const stored = await waitRows('outage_event', 4);
      expect(stored.map((item) => item.json)).toEqual([1, 2, 3, 4].map((n) => JSON.stringify({ n })));
      expect(writer.queued).toBe(0);
    },
  );
});
