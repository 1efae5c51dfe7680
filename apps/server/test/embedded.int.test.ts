import { decodeJwt } from 'jose';
import { embeddedDashboardResponseSchema, guestTokenResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { waitFor } from './sqllab-support';

type Row = Record<string, unknown>;
const HOST = 'http://127.0.0.1:18431';
const BOUNDARY = '----tessera-embedded-test';

/** Embedding (issue #15 item 4): the embedded config API, guest tokens, what a guest may reach, the page. */
describe.each(METADATA_BACKENDS)('embedded dashboards (%s metadata)', (backend) => {
  let server: TestServer;
  let fx: DashboardFixture;
  let embeddedBoard: number;
  let otherBoard: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    server.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const asGuest = (method: 'GET' | 'POST', url: string, guestToken: string, body?: unknown) =>
    server.request(method, url, {
      headers: { 'x-guesttoken': guestToken },
      ...(body === undefined ? {} : { body }),
    });
  const newBoard = async (title: string, charts: number[]): Promise<number> => {
    const created = await call('POST', '/api/v1/dashboard/', fx.alice, {
      dashboard_title: title,
      position_json: JSON.stringify(layoutWith(charts)),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const embed = async (board: number, allowed: string[] = [HOST]) => {
    const response = await call('POST', `/api/v1/dashboard/${String(board)}/embedded`, fx.alice, {
      allowed_domains: allowed,
    });
    expect(response.statusCode, response.body).toBe(200);
    return embeddedDashboardResponseSchema.parse(response.json()).result;
  };
  const guestToken = async (uuid: string, rls: Row[] = []): Promise<string> => {
    const response = await call('POST', '/api/v1/security/guest_token/', fx.admin, {
      user: { username: 'host-viewer', first_name: 'Host', last_name: 'Viewer' },
      resources: [{ type: 'dashboard', id: uuid }],
      rls,
    });
    expect(response.statusCode, response.body).toBe(200);
    return guestTokenResponseSchema.parse(response.json()).token;
  };
  const byState = (datasetId: number, board: number, chart: number): Row => ({
    datasource: { id: datasetId, type: 'table' },
    form_data: { slice_id: chart, dashboardId: board },
    queries: [
      {
        columns: ['state'],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'n' }],
        orderby: [['state', true]],
        row_limit: 1000,
      },
    ],
  });
  const statesOf = (response: { json: () => unknown }) =>
    [
      ...new Set((response.json() as { result: { data: Row[] }[] }).result[0]?.data.map((row) => row.state)),
    ].sort();

  beforeAll(async () => {
    server = await startTestServer(backend, { configFile: { feature_flags: { EMBEDDED_SUPERSET: true } } });
    fx = await dashboardFixture(server);
    // The embedded board shows the 'states' chart (state, num); the other board the 'names' charts.
    embeddedBoard = await newBoard('Embedded board', [fx.otherChart]);
    otherBoard = await newBoard('Private board', fx.charts);
  });

  afterAll(async () => {
    await server.close();
  });

  it('GET/POST/PUT/DELETE /dashboard/{id}/embedded for owners and admins only', async () => {
    const url = `/api/v1/dashboard/${String(otherBoard)}/embedded`;
    expect((await call('GET', url, fx.alice)).statusCode).toBe(404);
    // Bob (Alpha, not an owner) may not embed alice's board; an anonymous caller is 401.
    const bob = await call('POST', url, fx.bob, { allowed_domains: [] });
    expect(bob.statusCode).toBe(403);
    expect((await server.request('POST', url, { body: { allowed_domains: [] } })).statusCode).toBe(401);

    const created = await call('POST', url, fx.alice, { allowed_domains: ['https://Example.com/'] });
    expect(created.statusCode, created.body).toBe(200);
    const first = embeddedDashboardResponseSchema.parse(created.json()).result;
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.allowed_domains).toEqual(['https://example.com']);
    expect(first.dashboard_id).toBe(String(otherBoard));
    expect(first.changed_by?.first_name).toBe('alice');

    // PUT changes the domains and keeps the uuid (host pages keep their embed id); admins may too.
    const changed = await call('PUT', url, fx.admin, { allowed_domains: [HOST, 'http://localhost:9000'] });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = embeddedDashboardResponseSchema.parse(changed.json()).result;
    expect(second.uuid).toBe(first.uuid);
    expect(second.allowed_domains).toEqual([HOST, 'http://localhost:9000']);
    const read = embeddedDashboardResponseSchema.parse((await call('GET', url, fx.alice)).json()).result;
    expect(read).toEqual(second);

    // Anything that is not an http(s) origin is refused: it would become part of a CSP header.
    for (const bad of [
      'javascript:alert(1)',
      'https://a.com/path',
      "https://a.com; script-src 'unsafe-inline'",
      '*',
    ]) {
      const refused = await call('PUT', url, fx.alice, { allowed_domains: [bad] });
      expect(refused.statusCode, bad).toBe(400);
      expect(Object.keys(refused.json<{ message: Row }>().message)).toEqual(['allowed_domains.0']);
    }
    expect((await call('PUT', url, fx.alice, { allowed_domains: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', url, fx.alice, { allowed_domains: [], extra: 1 })).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/dashboard/999999/embedded', fx.admin)).statusCode).toBe(404);

    const removed = await call('DELETE', url, fx.alice);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', url, fx.alice)).statusCode).toBe(404);
    // Embedding again is a new embedding, with a new uuid.
    const again = embeddedDashboardResponseSchema.parse(
      (await call('POST', url, fx.alice, {})).json(),
    ).result;
    expect(again.uuid).not.toBe(first.uuid);
    expect(again.allowed_domains).toEqual([]);
    await call('DELETE', url, fx.alice);
  });

  it('POST /security/guest_token/: admins only, existing embeddings, HS256 for 300 s', async () => {
    const { uuid } = await embed(embeddedBoard);
    const body = { user: { username: 'v' }, resources: [{ type: 'dashboard', id: uuid }], rls: [] };
    expect((await call('POST', '/api/v1/security/guest_token/', fx.gamma, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/security/guest_token/', fx.alice, body)).statusCode).toBe(403);
    expect((await server.request('POST', '/api/v1/security/guest_token/', { body })).statusCode).toBe(401);
    const unknown = await call('POST', '/api/v1/security/guest_token/', fx.admin, {
      ...body,
      resources: [{ type: 'dashboard', id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown.statusCode).toBe(422);
    for (const bad of [
      {},
      { ...body, resources: [] },
      { ...body, resources: [{ type: 'chart', id: uuid }] },
      { ...body, resources: [{ type: 'dashboard', id: 'not-a-uuid' }] },
      { ...body, rls: [{ clause: '' }] },
      { ...body, rls: [{ clause: 'x', role: 'y' }] },
    ]) {
      expect((await call('POST', '/api/v1/security/guest_token/', fx.admin, bad)).statusCode).toBe(400);
    }
    const token = await guestToken(uuid, [{ clause: "state = 'CA'" }]);
    const claims = decodeJwt(token);
    expect(claims.type).toBe('guest');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    expect(claims.aud).toBe('tessera');
    expect(claims.rls_rules).toEqual([{ clause: "state = 'CA'" }]);
    expect(claims.resources).toEqual([{ type: 'dashboard', id: uuid }]);
  });

  it('a guest reads its dashboard, charts and datasets with its rls clauses, and nothing else', async () => {
    const { uuid } = await embed(embeddedBoard);
    const everything = await guestToken(uuid);
    const caOnly = await guestToken(uuid, [{ clause: "state = 'CA'" }]);
    const board = String(embeddedBoard);

    const shown = await asGuest('GET', `/api/v1/dashboard/${board}`, caOnly);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<{ result: { dashboard_title: string } }>().result.dashboard_title).toBe(
      'Embedded board',
    );
    const charts = await asGuest('GET', `/api/v1/dashboard/${board}/charts`, caOnly);
    expect(charts.json<{ result: { id: number }[] }>().result.map((chart) => chart.id)).toEqual([
      fx.otherChart,
    ]);
    const datasets = await asGuest('GET', `/api/v1/dashboard/${board}/datasets`, caOnly);
    expect(datasets.json<{ result: { id: number }[] }>().result.map((d) => d.id)).toEqual([
      fx.otherDatasetId,
    ]);
    expect((await asGuest('GET', `/api/v1/dashboard/${board}/tabs`, caOnly)).statusCode).toBe(200);
    const metadata = (id: number) =>
      asGuest('GET', `/superset/fetch_datasource_metadata?datasourceKey=${String(id)}__table`, caOnly);
    expect((await metadata(fx.otherDatasetId)).statusCode).toBe(200);
    expect([403, 404]).toContain((await metadata(fx.datasetId)).statusCode);
    const info = await asGuest('GET', `/api/v1/embedded_dashboard/${uuid}`, caOnly);
    expect(embeddedDashboardResponseSchema.parse(info.json()).result.dashboard_id).toBe(board);

    // Chart data: every state without rls; only CA with the token's clause.
    const query = byState(fx.otherDatasetId, embeddedBoard, fx.otherChart);
    const all = await asGuest('POST', '/api/v1/chart/data', everything, query);
    expect(all.statusCode, all.body).toBe(200);
    expect(statesOf(all).length).toBeGreaterThan(5);
    const ca = await asGuest('POST', '/api/v1/chart/data', caOnly, query);
    expect(ca.statusCode, ca.body).toBe(200);
    expect(statesOf(ca)).toEqual(['CA']);
    // An adhoc filter cannot widen it.
    const widened = await asGuest('POST', '/api/v1/chart/data', caOnly, {
      ...query,
      queries: [{ ...(query.queries as Row[])[0], extras: { where: "1 = 1 OR state = 'NY'" } }],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(statesOf(widened)).toEqual(['CA']);

    const samples = await server.request(
      'POST',
      `/datasource/samples?datasource_type=table&datasource_id=${String(fx.otherDatasetId)}&per_page=500`,
      { headers: { 'x-guesttoken': caOnly }, body: {} },
    );
    expect(samples.statusCode, samples.body).toBe(200);
    const sampled = samples.json<{ result: { data: Row[] } }>().result.data;
    expect(sampled.length).toBeGreaterThan(0);
    expect(new Set(sampled.map((row) => row.state))).toEqual(new Set(['CA']));
    const values = await asGuest(
      'GET',
      `/api/v1/datasource/table/${String(fx.otherDatasetId)}/column/state/values/`,
      caOnly,
    );
    expect(values.statusCode, values.body).toBe(200);
    expect(values.json()).toEqual({ result: ['CA'] });

    // A clause that reaches outside its parentheses is refused like adhoc SQL, never run.
    const injected = await guestToken(uuid, [{ clause: "state = 'CA') OR (1 = 1" }]);
    const refused = await asGuest('POST', '/api/v1/chart/data', injected, query);
    expect(refused.statusCode, refused.body).toBe(400);

    // The other board, its charts' data, and every other API: 401/403/404, never data.
    expect((await asGuest('GET', `/api/v1/dashboard/${String(otherBoard)}`, caOnly)).statusCode).toBe(404);
    expect((await asGuest('GET', `/api/v1/dashboard/${String(otherBoard)}/charts`, caOnly)).statusCode).toBe(
      404,
    );
    const otherData = await asGuest('POST', '/api/v1/chart/data', caOnly, {
      ...byState(fx.datasetId, otherBoard, fx.charts[0] ?? 0),
      queries: [{ columns: ['name'], metrics: ['count'], row_limit: 10 }],
    });
    expect([403, 404]).toContain(otherData.statusCode);
    const otherSamples = await server.request(
      'POST',
      `/datasource/samples?datasource_type=table&datasource_id=${String(fx.datasetId)}`,
      { headers: { 'x-guesttoken': caOnly }, body: {} },
    );
    expect([403, 404]).toContain(otherSamples.statusCode);
    for (const [method, url, body] of [
      ['GET', '/api/v1/database/', undefined],
      ['GET', '/api/v1/dashboard/', undefined],
      ['GET', '/api/v1/chart/', undefined],
      ['GET', `/api/v1/chart/${String(fx.otherChart)}`, undefined],
      ['GET', '/api/v1/dataset/', undefined],
      ['GET', `/api/v1/dataset/${String(fx.otherDatasetId)}`, undefined],
      ['GET', '/api/v1/me/', undefined],
      ['GET', '/api/v1/log/', undefined],
      ['GET', '/api/v1/sqllab/', undefined],
      ['POST', '/api/v1/sqllab/execute/', { database_id: 1, sql: 'SELECT 1' }],
      ['POST', '/superset/explore_json/', { form_data: '{}' }],
      ['POST', `/api/v1/dashboard/${board}/embedded`, { allowed_domains: [] }],
      ['POST', '/api/v1/security/guest_token/', { resources: [{ type: 'dashboard', id: uuid }] }],
    ] as const) {
      const response = await asGuest(method, url, caOnly, body);
      expect([401, 403], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    }

    // Tokens that are not valid guest tokens reach nothing, not even the embedded board.
    const access = await server.token();
    for (const bad of [access, `${caOnly.slice(0, -3)}abc`, 'garbage']) {
      expect((await asGuest('GET', `/api/v1/dashboard/${board}`, bad)).statusCode).toBe(401);
    }
  });

  it('a guest logs through the beacon form field; the token itself is not stored', async () => {
    const { uuid } = await embed(embeddedBoard);
    const token = await guestToken(uuid);
    const events = JSON.stringify([
      { source: 'dashboard', source_id: embeddedBoard, event_name: 'embedded_probe', ts: Date.now() },
    ]);
    const parts = Object.entries({ events, guest_token: token }).map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const response = await server.app.inject({
      method: 'POST',
      url: `/superset/log/?explode=events&dashboard_id=${String(embeddedBoard)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`),
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await waitFor('the guest log row', async () => {
      const found = await server.ctx.store.db
        .selectFrom('logs')
        .selectAll()
        .where('dashboard_id', '=', embeddedBoard)
        .where('json', 'like', '%embedded_probe%')
        .execute();
      return found.length > 0 ? found : null;
    });
    expect(rows[0]?.user_id).toBeNull();
    expect(rows[0]?.json).not.toContain(token);
    // Without a token (or with a bad one) the beacon is refused.
    const anonymous = await server.request('POST', '/superset/log/?explode=events', { body: { events: [] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("a guest makes permalinks of its own dashboard only (the SDK's getDashboardPermalink)", async () => {
    const { uuid } = await embed(embeddedBoard);
    const token = await guestToken(uuid);
    const state = { dataMask: {}, activeTabs: [], anchor: 'CHART-1', urlParams: [] };
    const made = await asGuest('POST', `/api/v1/dashboard/${String(embeddedBoard)}/permalink`, token, state);
    expect(made.statusCode, made.body).toBe(201);
    const { key, url } = made.json<{ key: string; url: string }>();
    expect(url).toMatch(new RegExp(`/superset/dashboard/p/${key}/$`));
    // The same view again is the same link; the link opens for a user who sees the board.
    const again = await asGuest('POST', `/api/v1/dashboard/${String(embeddedBoard)}/permalink`, token, state);
    expect(again.json<{ key: string }>().key).toBe(key);
    const read = await call('GET', `/api/v1/dashboard/permalink/${key}`, fx.alice);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ state: { anchor: string } }>().state.anchor).toBe('CHART-1');
    const other = await asGuest('POST', `/api/v1/dashboard/${String(otherBoard)}/permalink`, token, state);
    expect(other.statusCode).toBe(404);
    // A guest still reads no permalink: that is for users of this app.
    expect((await asGuest('GET', `/api/v1/dashboard/permalink/${key}`, token)).statusCode).toBe(401);
  });

  it('deleting the embedding ends its guest tokens at once', async () => {
    const { uuid } = await embed(embeddedBoard);
    const token = await guestToken(uuid);
    expect((await asGuest('GET', `/api/v1/dashboard/${String(embeddedBoard)}`, token)).statusCode).toBe(200);
    await call('DELETE', `/api/v1/dashboard/${String(embeddedBoard)}/embedded`, fx.alice);
    expect((await asGuest('GET', `/api/v1/dashboard/${String(embeddedBoard)}`, token)).statusCode).toBe(401);
  });

  it('/embedded/{uuid} is framed only by the allowed domains', async () => {
    const { uuid } = await embed(embeddedBoard, [HOST, 'https://app.example.com']);
    const page = await server.request('GET', `/embedded/${uuid}`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${HOST} https://app.example.com`);
    expect(csp).not.toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    // No allowed domains: any origin may frame it (Superset's rule).
    await embed(embeddedBoard, []);
    const open = await server.request('GET', `/embedded/${uuid}`, { headers: { accept: 'text/html' } });
    expect(String(open.headers['content-security-policy'])).toContain('frame-ancestors *');
    // Other pages keep refusing to be framed.
    const home = await server.request('GET', '/superset/welcome/', { headers: { accept: 'text/html' } });
    expect(String(home.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect((await server.request('GET', '/embedded/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});

describe('embedding with EMBEDDED_SUPERSET off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 404 on the embedded API, guest tokens and the page', async () => {
    const admin = await server.token();
    const created = await server.request('POST', '/api/v1/dashboard/', {
      token: admin,
      body: { dashboard_title: 'Plain' },
    });
    const id = String(created.json<{ id: number }>().id);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await server.request(method, `/api/v1/dashboard/${id}/embedded`, {
        token: admin,
        ...(method === 'POST' || method === 'PUT' ? { body: { allowed_domains: [] } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    const token = await server.request('POST', '/api/v1/security/guest_token/', {
      token: admin,
      body: { resources: [{ type: 'dashboard', id: '00000000-0000-4000-8000-000000000000' }] },
    });
    expect(token.statusCode).toBe(404);
    // Absent, not picky: a malformed body gets the same 404.
    for (const url of ['/api/v1/security/guest_token/', `/api/v1/dashboard/${id}/embedded`]) {
      const malformed = await server.request('POST', url, { token: admin, body: { allowed_domains: 'x' } });
      expect(malformed.statusCode, url).toBe(404);
    }
    expect((await server.request('GET', '/embedded/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});
