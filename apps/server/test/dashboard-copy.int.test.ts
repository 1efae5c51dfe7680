import {
  dashboardCopyResponseSchema,
  dashboardShowResponseSchema,
  dashboardWriteResponseSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

interface ChartComponent {
  type: string;
  meta?: { chartId?: number; uuid?: string };
}

describe.each(METADATA_BACKENDS)('dashboard copy on %s metadata', (backend) => {
  let server: TestServer;
  let f: DashboardFixture;
  let sourceId: number;
  let first: number;
  let second: number;

  const show = async (token: string, id: number) => {
    const response = await server.request('GET', `/api/v1/dashboard/${id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardShowResponseSchema.parse(response.json()).result;
  };
  const chartsOf = async (id: number): Promise<number[]> =>
    (await server.request('GET', `/api/v1/dashboard/${id}/charts`, { token: f.admin }))
      .json<{ result: { id: number }[] }>()
      .result.map((chart) => chart.id);
  const metadata = (a: number, b: number) => ({
    color_scheme: 'supersetColors',
    expanded_slices: { [String(a)]: true },
    timed_refresh_immune_slices: [b],
    chart_configuration: {
      [String(a)]: {
        id: a,
        crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [b] }, chartsInScope: [b] },
      },
    },
    native_filter_configuration: [
      {
        id: 'NATIVE_FILTER-abc',
        type: 'NATIVE_FILTER',
        name: 'Time',
        filterType: 'filter_time',
        targets: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [a] },
        chartsInScope: [b],
      },
    ],
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    f = await dashboardFixture(server);
    [first = 0, second = 0] = f.charts;
    const created = await server.request('POST', '/api/v1/dashboard/', {
      token: f.alice,
      body: {
        dashboard_title: 'Source',
        slug: 'source',
        published: true,
        css: '.src{}',
        position_json: JSON.stringify(layoutWith([first, second])),
        json_metadata: JSON.stringify(metadata(first, second)),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    sourceId = dashboardWriteResponseSchema.parse(created.json()).id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('copies without duplicating: same charts, new draft owned by the caller', async () => {
    const response = await server.request('POST', '/api/v1/dashboard/source/copy/', {
      token: f.bob,
      body: { dashboard_title: 'Copy', json_metadata: JSON.stringify(metadata(first, second)) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id, last_modified_time } = dashboardCopyResponseSchema.parse(response.json());
    expect(id).not.toBe(sourceId);
    expect(last_modified_time).toBeGreaterThan(0);
    const copy = await show(f.bob, id);
    expect(copy).toMatchObject({ dashboard_title: 'Copy', published: false, slug: null, css: '.src{}' });
    expect(copy.owners?.map((owner) => owner.id)).not.toContain(f.aliceId);
    expect(await chartsOf(id)).toEqual([first, second]);
    expect(JSON.parse(copy.json_metadata ?? '{}')).toEqual(metadata(first, second));
  });

  it('duplicates charts and remaps layout and metadata ids to the copies', async () => {
    const edited = layoutWith([second, first]);
    const response = await server.request('POST', `/api/v1/dashboard/${sourceId}/copy/`, {
      token: f.bob,
      body: {
        dashboard_title: 'Deep copy',
        duplicate_slices: true,
        json_metadata: JSON.stringify({ ...metadata(first, second), positions: edited }),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = dashboardCopyResponseSchema.parse(response.json());
    const copied = await chartsOf(id);
    expect(copied).toHaveLength(2);
    expect(copied).not.toContain(first);
    expect(copied).not.toContain(second);

    const charts = (await server.request('GET', `/api/v1/dashboard/${id}/charts`, { token: f.bob })).json<{
      result: { id: number; slice_name: string; form_data: { slice_id: number } }[];
    }>().result;
    const byName = new Map(charts.map((chart) => [chart.slice_name, chart.id]));
    const newFirst = byName.get('First') ?? 0;
    const newSecond = byName.get('Second') ?? 0;
    expect(charts.every((chart) => chart.form_data.slice_id === chart.id)).toBe(true);

    const copy = await show(f.bob, id);
    const layout = JSON.parse(copy.position_json ?? '{}') as Record<string, ChartComponent>;
    const layoutCharts = Object.values(layout)
      .filter((component) => component.type === 'CHART')
      .map((component) => component.meta?.chartId)
      .sort();
    expect(layoutCharts).toEqual([newFirst, newSecond].sort());
    expect(JSON.parse(copy.json_metadata ?? '{}')).toEqual(metadata(newFirst, newSecond));

    // The copies belong to bob; the originals are untouched.
    const copyShow = await server.request('GET', `/api/v1/chart/${newFirst}`, { token: f.bob });
    expect(
      copyShow.json<{ result: { owners: { id: number }[] } }>().result.owners.map((o) => o.id),
    ).not.toContain(f.aliceId);
    expect(await chartsOf(sourceId)).toEqual([first, second]);
  });

  it('refuses bad copy requests', async () => {
    const noMetadata = await server.request('POST', `/api/v1/dashboard/${sourceId}/copy/`, {
      token: f.bob,
      body: { dashboard_title: 'X' },
    });
    expect(noMetadata.statusCode).toBe(400);
    const badMetadata = await server.request('POST', `/api/v1/dashboard/${sourceId}/copy/`, {
      token: f.bob,
      body: { dashboard_title: 'X', json_metadata: '{"nope":1}' },
    });
    expect(badMetadata.statusCode).toBe(400);
    const unknown = await server.request('POST', '/api/v1/dashboard/999999/copy/', {
      token: f.bob,
      body: { json_metadata: '{}' },
    });
    expect(unknown.statusCode).toBe(404);
    const byGamma = await server.request('POST', `/api/v1/dashboard/${sourceId}/copy/`, {
      token: f.gamma,
      body: { json_metadata: '{}' },
    });
    expect([403, 404]).toContain(byGamma.statusCode);
  });
});
