import {
  dashboardChartsResponseSchema,
  dashboardDatasetsResponseSchema,
  dashboardRelatedRolesResponseSchema,
  dashboardTabsResponseSchema,
  dashboardWriteResponseSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFixture, layoutWith, userIdOf, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

const q = (rison: string) => `?q=${encodeURIComponent(rison)}`;

async function newDashboard(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
): Promise<number> {
  const response = await server.request('POST', '/api/v1/dashboard/', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return dashboardWriteResponseSchema.parse(response.json()).id;
}

const chartData = (
  server: TestServer,
  token: string,
  datasetId: number,
  formData: Record<string, unknown>,
  column = 'name',
) =>
  server.request('POST', '/api/v1/chart/data', {
    token,
    body: {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: [column], metrics: [], row_limit: 3, orderby: [] }],
      form_data: formData,
    },
  });

describe.each(METADATA_BACKENDS)('dashboard visibility on %s metadata', (backend) => {
  let server: TestServer;
  let f: DashboardFixture;
  let withCharts: number;
  let empty: number;
  let draft: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    f = await dashboardFixture(server);
    const [first = 0] = f.charts;
    withCharts = await newDashboard(server, f.alice, {
      dashboard_title: 'With charts',
      published: true,
      position_json: JSON.stringify(layoutWith([first])),
    });
    empty = await newDashboard(server, f.alice, { dashboard_title: 'Empty published', published: true });
    draft = await newDashboard(server, f.alice, { dashboard_title: 'Draft' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('shows Gamma published dashboards it may read, read-only, and hides drafts and unreadable ones', async () => {
    const get = (id: number) => server.request('GET', `/api/v1/dashboard/${id}`, { token: f.gamma });
    expect((await get(empty)).statusCode).toBe(200);
    expect((await get(draft)).statusCode).toBe(404);
    // Its only chart reads a dataset Gamma has no access to.
    expect((await get(withCharts)).statusCode).toBe(404);
    const listed = (await server.request('GET', '/api/v1/dashboard/', { token: f.gamma })).json<{
      ids: number[];
    }>().ids;
    expect(listed).toContain(empty);
    expect(listed).not.toContain(draft);
    expect(listed).not.toContain(withCharts);

    const edit = await server.request('PUT', `/api/v1/dashboard/${empty}`, {
      token: f.gamma,
      body: { dashboard_title: 'Mine now' },
    });
    expect(edit.statusCode).toBe(403);
    const editDraft = await server.request('PUT', `/api/v1/dashboard/${draft}`, {
      token: f.bob,
      body: { dashboard_title: 'Mine now' },
    });
    expect(editDraft.statusCode).toBe(403);
    expect(editDraft.json()).toEqual({ message: 'You do not have permission to edit this dashboard' });
  });

  it('serves charts, datasets and tabs of a visible dashboard', async () => {
    const [first = 0] = f.charts;
    const charts = await server.request('GET', `/api/v1/dashboard/${withCharts}/charts`, { token: f.bob });
    expect(charts.statusCode, charts.body).toBe(200);
    const [chart] = dashboardChartsResponseSchema.parse(charts.json()).result;
    expect(chart).toMatchObject({
      id: first,
      slice_name: 'First',
      slice_url: `/explore/?slice_id=${first}`,
      form_data: { viz_type: 'table', slice_id: first, datasource: `${f.datasetId}__table` },
    });
    const datasets = await server.request('GET', `/api/v1/dashboard/${withCharts}/datasets`, {
      token: f.bob,
    });
    expect(datasets.statusCode, datasets.body).toBe(200);
    expect(dashboardDatasetsResponseSchema.parse(datasets.json()).result.map((d) => d.id)).toEqual([
      f.datasetId,
    ]);
    const tabs = await server.request('GET', `/api/v1/dashboard/${withCharts}/tabs`, { token: f.bob });
    expect(dashboardTabsResponseSchema.parse(tabs.json()).result).toEqual({ all_tabs: {}, tab_tree: [] });
    for (const part of ['charts', 'datasets', 'tabs']) {
      expect(
        (await server.request('GET', `/api/v1/dashboard/${draft}/${part}`, { token: f.gamma })).statusCode,
      ).toBe(404);
    }
  });

  it("lists a dashboard page's first API reads as preloads for those who may see it, and only them", async () => {
    const page = (ref: string | number, token?: string) =>
      server.request('GET', `/superset/dashboard/${ref}/`, {
        token,
        headers: { accept: 'text/html' },
      });
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((match) =>
        match[1]?.replace(/&amp;/g, '&'),
      );
    const visible = await page(withCharts, f.bob);
    expect(visible.statusCode).toBe(200);
    expect(preloads(visible.body)).toEqual([
      '/api/v1/security/csrf_token/',
      `/api/v1/dashboard/${withCharts}`,
      `/api/v1/dashboard/${withCharts}/charts`,
      `/superset/fetch_datasource_metadata?datasourceKey=${f.datasetId}__table`,
    ]);
    // First in the head, so the page's scripts do not hold them up (six connections per host).
    expect(visible.body.indexOf('<link rel="preload" as="fetch"')).toBeLessThan(
      visible.body.indexOf('<title>'),
    );
    // The app reads by numeric id whatever the URL named, so a slug's preloads are the id's.
    await server.request('PUT', `/api/v1/dashboard/${withCharts}`, {
      token: f.alice,
      body: { slug: 'preloaded-slug' },
    });
    expect(preloads((await page('preloaded-slug', f.bob)).body)).toEqual(preloads(visible.body));
    // Nothing for a dashboard the caller cannot see, an unknown one, or anyone signed out.
    for (const [ref, token] of [
      [draft, f.gamma],
      [withCharts, f.gamma],
      [999_999, f.bob],
      [withCharts, undefined],
    ] as const) {
      const html = await page(ref, token);
      expect(html.statusCode).toBe(200);
      expect(preloads(html.body)).toEqual([]);
    }
  });

  it('answers related owners and roles and _info', async () => {
    const roles = await server.request('GET', `/api/v1/dashboard/related/roles${q('(filter:gam)')}`, {
      token: f.bob,
    });
    expect(roles.statusCode, roles.body).toBe(200);
    // Superset's related shape, as the properties modal's roles picker reads it.
    const rolePage = dashboardRelatedRolesResponseSchema.parse(roles.json());
    expect(rolePage.result.map((r) => r.text)).toEqual(['Gamma']);
    expect(rolePage.count).toBe(1);
    const allRoles = dashboardRelatedRolesResponseSchema.parse(
      (await server.request('GET', '/api/v1/dashboard/related/roles', { token: f.bob })).json(),
    );
    expect(allRoles.result.map((r) => r.text)).toEqual(expect.arrayContaining(['Admin', 'Alpha', 'Gamma']));
    expect(allRoles.count).toBe(allRoles.result.length);
    const owners = await server.request('GET', `/api/v1/dashboard/related/owners${q('(filter:alice)')}`, {
      token: f.bob,
    });
    expect(owners.json<{ count: number }>().count).toBe(1);
    const info = await server.request('GET', '/api/v1/dashboard/_info', { token: f.gamma });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json<{ permissions: string[] }>().permissions).toContain('can_read');
  });

  it('lets a co-owner keep charts they cannot read but not add them', async () => {
    const [first = 0, second = 0] = f.charts;
    const gammaId = await userIdOf(server, f.gamma);
    const shared = await newDashboard(server, f.alice, {
      dashboard_title: 'Co-owned',
      owners: [f.aliceId, gammaId],
      position_json: JSON.stringify(layoutWith([first])),
    });
    const keep = await server.request('PUT', `/api/v1/dashboard/${shared}`, {
      token: f.gamma,
      body: { dashboard_title: 'Co-owned, renamed', position_json: JSON.stringify(layoutWith([first])) },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    const add = await server.request('PUT', `/api/v1/dashboard/${shared}`, {
      token: f.gamma,
      body: { position_json: JSON.stringify(layoutWith([first, second])) },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toEqual({
      message: { position_json: [`The layout holds chart ${second}, which does not exist.`] },
    });
  });

  it('does not open chart data to a dashboard the caller cannot see', async () => {
    const [first = 0] = f.charts;
    const direct = await chartData(server, f.gamma, f.datasetId, {});
    expect(direct.statusCode).toBe(404);
    const through = await chartData(server, f.gamma, f.datasetId, {
      dashboardId: withCharts,
      slice_id: first,
    });
    expect(through.statusCode).toBe(404);
  });
});

describe.each(METADATA_BACKENDS)('dashboard roles (DASHBOARD_RBAC) on %s metadata', (backend) => {
  let server: TestServer;
  let f: DashboardFixture;
  let forGamma: number;
  let gammaRole: number;

  beforeAll(async () => {
    server = await startTestServer(backend, { configFile: { feature_flags: { DASHBOARD_RBAC: true } } });
    f = await dashboardFixture(server);
    const roles = await server.request('GET', `/api/v1/dashboard/related/roles${q('(filter:Gamma)')}`, {
      token: f.admin,
    });
    gammaRole = Number(roles.json<{ result: { value: number }[] }>().result[0]?.value);
    const [first = 0, second = 0] = f.charts;
    forGamma = await newDashboard(server, f.alice, {
      dashboard_title: 'For Gamma',
      published: true,
      roles: [gammaRole],
      position_json: JSON.stringify(layoutWith([first, f.otherChart])),
    });
    await newDashboard(server, f.alice, {
      dashboard_title: 'Second home',
      published: true,
      position_json: JSON.stringify(layoutWith([second])),
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('lets a dashboard role see the dashboard and only its owners edit it', async () => {
    const shown = await server.request('GET', `/api/v1/dashboard/${forGamma}`, { token: f.gamma });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<{ result: { roles: { id: number }[] } }>().result.roles.map((r) => r.id)).toEqual([
      gammaRole,
    ]);
    // With the flag on, ownership alone decides: Gamma's missing can_write gives the spec's message.
    const edit = await server.request('PUT', `/api/v1/dashboard/${forGamma}`, {
      token: f.gamma,
      body: { dashboard_title: 'Taken over' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: 'You do not have permission to edit this dashboard' });
    // Unpublished, the role no longer opens it.
    await server.request('PUT', `/api/v1/dashboard/${forGamma}`, {
      token: f.alice,
      body: { published: false },
    });
    expect(
      (await server.request('GET', `/api/v1/dashboard/${forGamma}`, { token: f.gamma })).statusCode,
    ).toBe(404);
    await server.request('PUT', `/api/v1/dashboard/${forGamma}`, {
      token: f.alice,
      body: { published: true },
    });
  });

  it('authorises chart data through the dashboard and nothing beyond it', async () => {
    const [first = 0, second = 0] = f.charts;
    const direct = await chartData(server, f.gamma, f.datasetId, { slice_id: first });
    expect(direct.statusCode).toBe(404);
    const through = await chartData(server, f.gamma, f.datasetId, { dashboardId: forGamma, slice_id: first });
    expect(through.statusCode, through.body).toBe(200);
    expect(through.json<{ result: { rowcount: number }[] }>().result[0]?.rowcount).toBe(3);
    // The query string form the dashboard also sends.
    const viaQuery = await server.request(
      'POST',
      `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: first }))}&dashboard_id=${forGamma}`,
      {
        token: f.gamma,
        body: {
          datasource: { id: f.datasetId, type: 'table' },
          queries: [{ columns: ['name'], row_limit: 2 }],
        },
      },
    );
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    // A chart not on the dashboard, a chart of another dataset, and another dataset: all refused.
    expect(
      (await chartData(server, f.gamma, f.datasetId, { dashboardId: forGamma, slice_id: second })).statusCode,
    ).toBe(404);
    expect(
      (await chartData(server, f.gamma, f.datasetId, { dashboardId: forGamma, slice_id: f.otherChart }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await chartData(
          server,
          f.gamma,
          f.otherDatasetId,
          { dashboardId: forGamma, slice_id: first },
          'state',
        )
      ).statusCode,
    ).toBe(404);
    const otherThroughItsChart = await chartData(
      server,
      f.gamma,
      f.otherDatasetId,
      { dashboardId: forGamma, slice_id: f.otherChart },
      'state',
    );
    expect(otherThroughItsChart.statusCode).toBe(200);
  });

  it('keeps roles only with the flag on', async () => {
    const response = await server.request('GET', `/api/v1/dashboard/${forGamma}`, { token: f.alice });
    expect(response.json<{ result: { roles: unknown[] } }>().result.roles).toHaveLength(1);
  });
});
