import {
  dashboardListResponseSchema,
  dashboardShowResponseSchema,
  dashboardWriteResponseSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

describe.each(METADATA_BACKENDS)('dashboards on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let gamma: string;
  let aliceId: number;

  const q = (rison: string) => `?q=${encodeURIComponent(rison)}`;
  const create = (token: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/dashboard/', { token, body });
  const newDashboard = async (token: string, body: Record<string, unknown>): Promise<number> => {
    const response = await create(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return dashboardWriteResponseSchema.parse(response.json()).id;
  };
  const show = async (token: string, idOrSlug: string | number) => {
    const response = await server.request('GET', `/api/v1/dashboard/${idOrSlug}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardShowResponseSchema.parse(response.json()).result;
  };
  const list = async (token: string, rison = '') => {
    const response = await server.request('GET', `/api/v1/dashboard/${rison ? q(rison) : ''}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardListResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    admin = await server.token();
    alice = await createUser(server, admin, 'alice', 'Alpha');
    bob = await createUser(server, admin, 'bob', 'Alpha');
    gamma = await createUser(server, admin, 'gus', 'Gamma');
    aliceId = (await server.request('GET', '/api/v1/me/', { token: alice })).json<{
      result: { id: number };
    }>().result.id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates a dashboard owned by its creator, found by id and by slug', async () => {
    const created = await create(alice, {
      dashboard_title: 'Sales',
      slug: 'sales',
      json_metadata: '{"color_scheme":"supersetColors"}',
      css: '.x{}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = dashboardWriteResponseSchema.parse(created.json());
    expect(body.result).toMatchObject({
      dashboard_title: 'Sales',
      slug: 'sales',
      owners: [aliceId],
      published: false,
    });

    const byId = await show(alice, body.id);
    expect(byId).toMatchObject({
      id: body.id,
      dashboard_title: 'Sales',
      url: '/superset/dashboard/sales/',
      json_metadata: '{"color_scheme":"supersetColors"}',
      owners: [{ id: aliceId, first_name: 'alice', last_name: 'Tester' }],
      charts: [],
    });
    expect((await show(alice, 'sales')).id).toBe(body.id);
    expect((await server.request('GET', '/api/v1/dashboard/nope', { token: alice })).statusCode).toBe(404);
  });

  it('names an untitled dashboard and drops an empty slug', async () => {
    const id = await newDashboard(alice, { dashboard_title: '  ', slug: '' });
    expect(await show(alice, id)).toMatchObject({ dashboard_title: '[ untitled dashboard ]', slug: null });
    const bare = await newDashboard(alice, {});
    expect((await show(alice, bare)).dashboard_title).toBe('[ untitled dashboard ]');
  });

  it('refuses bad input', async () => {
    const taken = await create(alice, { dashboard_title: 'Again', slug: 'sales' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: { slug: ['Must be unique'] } });
    expect((await create(alice, { slug: 'has space' })).statusCode).toBe(400);
    expect((await create(alice, { slug: '123' })).statusCode).toBe(400);
    expect((await create(alice, { position_json: 'not json' })).statusCode).toBe(400);
    expect((await create(alice, { published: 'yes' })).statusCode).toBe(400);
    expect((await create(alice, { owners: [999_999] })).statusCode).toBe(422);
    expect((await create(alice, { bogus: 1 })).statusCode).toBe(400);
    const malformed = await server.request('POST', '/api/v1/dashboard/', { token: alice, rawBody: '{' });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets only owners and Admin change or delete a dashboard', async () => {
    const id = await newDashboard(alice, { dashboard_title: 'Private' });
    // Unpublished and not his: bob cannot even see it.
    expect((await server.request('GET', `/api/v1/dashboard/${id}`, { token: gamma })).statusCode).toBe(404);
    const published = await server.request('PUT', `/api/v1/dashboard/${id}`, {
      token: alice,
      body: { published: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await show(gamma, id)).published).toBe(true);

    const byGamma = await server.request('PUT', `/api/v1/dashboard/${id}`, {
      token: gamma,
      body: { dashboard_title: 'Hijacked' },
    });
    expect(byGamma.statusCode).toBe(403);
    expect((await server.request('DELETE', `/api/v1/dashboard/${id}`, { token: gamma })).statusCode).toBe(
      403,
    );
    expect((await show(alice, id)).dashboard_title).toBe('Private');

    const renamed = await server.request('PUT', `/api/v1/dashboard/${id}`, {
      token: admin,
      body: { dashboard_title: '', slug: 'private-one', position_json: '{"DASHBOARD_VERSION_KEY":"v2"}' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await show(alice, 'private-one')).toMatchObject({
      dashboard_title: '[ untitled dashboard ]',
      position_json: '{"DASHBOARD_VERSION_KEY":"v2"}',
    });

    const deleted = await server.request('DELETE', `/api/v1/dashboard/${id}`, { token: alice });
    expect(deleted.json()).toEqual({ message: 'OK' });
    expect((await server.request('GET', `/api/v1/dashboard/${id}`, { token: alice })).statusCode).toBe(404);
  });

  it('filters, orders and pages the list and keeps drafts to their owners', async () => {
    const carol = await createUser(server, admin, 'carol', 'Alpha');
    const carolId = (await server.request('GET', '/api/v1/me/', { token: carol })).json<{
      result: { id: number };
    }>().result.id;
    const b = await newDashboard(carol, { dashboard_title: 'Beta board' });
    const a = await newDashboard(carol, { dashboard_title: 'Alpha board', published: true });
    const owned = `(col:owners,opr:rel_m_m,value:${carolId})`;

    const byTitle = await list(
      carol,
      `(filters:!(${owned}),order_column:dashboard_title,order_direction:asc)`,
    );
    expect(byTitle.ids).toEqual([a, b]);
    const search = await list(carol, `(filters:!(${owned},(col:dashboard_title,opr:ct,value:BETA)))`);
    expect(search.ids).toEqual([b]);
    const columns = await list(carol, `(filters:!(${owned}),columns:!(id,dashboard_title),page_size:1)`);
    expect(columns.count).toBe(2);
    expect(Object.keys(columns.result[0] ?? {}).sort()).toEqual(['dashboard_title', 'id']);

    const gammaSees = await list(gamma, `(filters:!(${owned}))`);
    expect(gammaSees.ids).toEqual([a]);

    await server.request('POST', `/api/v1/dashboard/${a}/favorites/`, { token: bob });
    const favourites = await list(bob, '(filters:!((col:id,opr:dashboard_is_favorite,value:!t)))');
    expect(favourites.ids).toEqual([a]);
    const status = await server.request('GET', `/api/v1/dashboard/favorite_status/${q(`!(${a},${b})`)}`, {
      token: bob,
    });
    expect(status.json()).toEqual({
      result: [
        { id: a, value: true },
        { id: b, value: false },
      ],
    });
    await server.request('DELETE', `/api/v1/dashboard/${a}/favorites/`, { token: bob });
    expect((await list(bob, '(filters:!((col:id,opr:dashboard_is_favorite,value:!t)))')).count).toBe(0);

    const refused = await server.request(
      'GET',
      `/api/v1/dashboard/${q('(filters:!((col:css,opr:ct,value:x)))')}`,
      {
        token: bob,
      },
    );
    expect(refused.statusCode).toBe(400);

    const bulk = await server.request('DELETE', `/api/v1/dashboard/${q(`!(${a},${b})`)}`, { token: bob });
    expect(bulk.statusCode).toBe(403);
    const bulkOwn = await server.request('DELETE', `/api/v1/dashboard/${q(`!(${a},${b})`)}`, {
      token: carol,
    });
    expect(bulkOwn.json()).toEqual({ message: 'Deleted 2 dashboards' });
  });

  it('needs can_write Dashboard to create', async () => {
    const sqlOnly = await createUser(server, admin, 'sqlonly', 'sql_lab');
    expect((await create(sqlOnly, { dashboard_title: 'x' })).statusCode).toBe(403);
    expect((await server.request('GET', '/api/v1/dashboard/')).statusCode).toBe(401);
  });
});
