import { dashboardShowResponseSchema, dashboardWriteResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/** PUT /api/v1/dashboard/{id}/filters and the filter checks on every json_metadata write (issue #13). */
describe.each(METADATA_BACKENDS)('dashboard native filters on %s metadata', (backend) => {
  let server: TestServer;
  let f: DashboardFixture;

  const filter = (id: string, column: string, extra: Record<string, unknown> = {}) => ({
    id: `NATIVE_FILTER-${id}`,
    type: 'NATIVE_FILTER',
    name: id,
    filterType: 'filter_select',
    targets: [{ datasetId: f.datasetId, column: { name: column } }],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    ...extra,
  });
  const metadataOf = async (id: number): Promise<Record<string, unknown>> => {
    const response = await server.request('GET', `/api/v1/dashboard/${id}`, { token: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const text = dashboardShowResponseSchema.parse(response.json()).result.json_metadata ?? '{}';
    return JSON.parse(text) as Record<string, unknown>;
  };
  const newDashboard = async (): Promise<number> => {
    const [first, second] = f.charts;
    const response = await server.request('POST', '/api/v1/dashboard/', {
      token: f.alice,
      body: {
        dashboard_title: 'Filtered',
        position_json: JSON.stringify(layoutWith([first ?? 0, second ?? 0, f.otherChart])),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return dashboardWriteResponseSchema.parse(response.json()).id;
  };
  const putFilters = (id: number, body: Record<string, unknown>) =>
    server.request('PUT', `/api/v1/dashboard/${id}/filters`, { token: f.alice, body });
  const problemsOf = (body: string, field: string): string[] =>
    (JSON.parse(body) as { message: Record<string, string[]> }).message[field] ?? [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    f = await dashboardFixture(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('adds, changes, reorders and deletes filters, filling the computed scope', async () => {
    const id = await newDashboard();
    const gender = filter('gender', 'gender', { scope: { rootPath: ['ROOT_ID'], excluded: [f.otherChart] } });
    const name = filter('name', 'name', { cascadeParentIds: ['NATIVE_FILTER-gender'] });
    const added = await putFilters(id, { modified: [gender, name] });
    expect(added.statusCode, added.body).toBe(200);
    const result = added.json<{ result: { id: string; chartsInScope?: number[] }[] }>().result;
    expect(result.map((item) => item.id)).toEqual(['NATIVE_FILTER-gender', 'NATIVE_FILTER-name']);
    expect(result[0]?.chartsInScope).toEqual([...f.charts].sort((a, b) => a - b));

    const reordered = await putFilters(id, {
      modified: [{ ...name, name: 'First name' }],
      reordered: ['NATIVE_FILTER-name', 'NATIVE_FILTER-gender'],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const config = (await metadataOf(id)).native_filter_configuration as { id: string; name: string }[];
    expect(config.map((item) => item.name)).toEqual(['First name', 'gender']);

    const deleted = await putFilters(id, { deleted: ['NATIVE_FILTER-name'] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ result: { id: string }[] }>().result.map((item) => item.id)).toEqual([
      'NATIVE_FILTER-gender',
    ]);
  });

  it('refuses bad configurations with clear messages and saves nothing', async () => {
    const id = await newDashboard();
    const ok = await putFilters(id, { modified: [filter('gender', 'gender')] });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await metadataOf(id);

    const unknownColumn = await putFilters(id, { modified: [filter('sex', 'sex')] });
    expect(unknownColumn.statusCode).toBe(422);
    expect(problemsOf(unknownColumn.body, 'native_filter_configuration')).toEqual([
      "Filter 'sex': column 'sex' is not in dataset names",
    ]);

    const unknownDataset = await putFilters(id, {
      modified: [filter('x', 'gender', { targets: [{ datasetId: 987_654, column: { name: 'gender' } }] })],
    });
    expect(problemsOf(unknownDataset.body, 'native_filter_configuration')).toEqual([
      "Filter 'x': dataset 987654 does not exist",
    ]);

    const cycle = await putFilters(id, {
      modified: [
        filter('a', 'name', { cascadeParentIds: ['NATIVE_FILTER-b'] }),
        filter('b', 'num', { cascadeParentIds: ['NATIVE_FILTER-a'] }),
      ],
    });
    expect(cycle.statusCode).toBe(422);
    expect(problemsOf(cycle.body, 'native_filter_configuration')).toEqual([
      "Cascade parents form a cycle: 'a' → 'b' → 'a'",
    ]);

    const unpaired = await putFilters(id, {
      modified: [filter('nocol', 'name', { targets: [{ datasetId: f.datasetId }] })],
    });
    expect(problemsOf(unpaired.body, 'native_filter_configuration')).toEqual([
      "Filter 'nocol': a column is required",
    ]);

    const badShape = await putFilters(id, { modified: [{ id: 'NATIVE_FILTER-z', type: 'NATIVE_FILTER' }] });
    expect(badShape.statusCode).toBe(400);
    expect(await metadataOf(id)).toEqual(before);
  });

  it('checks filters and column mappings on PUT json_metadata too', async () => {
    const id = await newDashboard();
    const put = (metadata: Record<string, unknown>) =>
      server.request('PUT', `/api/v1/dashboard/${id}`, {
        token: f.alice,
        body: { json_metadata: JSON.stringify(metadata) },
      });
    const mapping = (column: string) => ({
      source: { datasetId: f.datasetId, column: 'num' },
      target: { datasetId: f.otherDatasetId, column },
    });
    const good = await put({
      native_filter_configuration: [filter('gender', 'gender')],
      cross_dataset_mappings: [mapping('num')],
    });
    expect(good.statusCode, good.body).toBe(200);

    const missing = await put({ cross_dataset_mappings: [mapping('population')] });
    expect(missing.statusCode).toBe(422);
    expect(problemsOf(missing.body, 'json_metadata')).toEqual([
      "Column mapping 1 (names.num ↔ states.population): column 'population' is not in dataset states",
    ]);
    const badFilter = await put({ native_filter_configuration: [filter('sex', 'sex')] });
    expect(problemsOf(badFilter.body, 'json_metadata')).toEqual([
      "Filter 'sex': column 'sex' is not in dataset names",
    ]);
    expect((await metadataOf(id)).cross_dataset_mappings).toEqual([mapping('num')]);
  });

  it('lets only editors change the filters', async () => {
    const id = await newDashboard();
    const response = await server.request('PUT', `/api/v1/dashboard/${id}/filters`, {
      token: f.bob,
      body: { modified: [filter('gender', 'gender')] },
    });
    expect(response.statusCode).toBe(403);
  });
});
