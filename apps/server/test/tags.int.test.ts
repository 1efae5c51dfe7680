import {
  chartShowResponseSchema,
  dashboardShowResponseSchema,
  getObjectsResponseSchema,
  savedQueryShowResponseSchema,
  tagListResponseSchema,
  tagShowResponseSchema,
  tagWriteResponseSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';

const q = (rison: string) => `?q=${encodeURIComponent(rison)}`;

async function examplesIds(server: TestServer, admin: string) {
  const databases = await server.request('GET', '/api/v1/database/', { token: admin });
  const examples = databases
    .json<{ result: { id: number; database_name: string }[] }>()
    .result.find((database) => database.database_name === 'examples');
  const datasets = await server.request(
    'GET',
    `/api/v1/dataset/${q('(filters:!((col:table_name,opr:eq,value:birth_names)))')}`,
    { token: admin },
  );
  const dataset = datasets.json<{ result: { id: number }[] }>().result[0];
  if (!examples || !dataset) throw new Error('examples missing');
  return { databaseId: examples.id, datasetId: dataset.id };
}

describe.each(METADATA_BACKENDS)('tags on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let gamma: string;
  let datasetId: number;
  let databaseId: number;

  const newChart = async (token: string, name: string): Promise<number> => {
    const response = await server.request('POST', '/api/v1/chart/', {
      token,
      body: { slice_name: name, datasource_id: datasetId, datasource_type: 'table', viz_type: 'table' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const chartTags = async (token: string, id: number) => {
    const response = await server.request('GET', `/api/v1/chart/${id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return chartShowResponseSchema.parse(response.json()).result.tags ?? [];
  };
  const tagObject = (token: string, type: string, id: number, tags: unknown) =>
    server.request('POST', `/api/v1/tag/${type}/${id}/`, { token, body: { properties: { tags } } });
  const objects = async (token: string, query: string) => {
    const response = await server.request('GET', `/api/v1/tag/get_objects/?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return getObjectsResponseSchema.parse(response.json()).result;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, {
      examples: true,
      configFile: { feature_flags: { TAGGING_SYSTEM: true } },
    });
    admin = await server.token();
    alice = await createUser(server, admin, 'alice', 'Alpha');
    bob = await createUser(server, admin, 'bob', 'Alpha');
    gamma = await createUser(server, admin, 'gus', 'Gamma');
    ({ datasetId, databaseId } = await examplesIds(server, admin));
  });

  afterAll(async () => {
    await server.close();
  });

  it('tags a chart by name, shows the tag on the chart and lists the chart under it', async () => {
    const chartId = await newChart(alice, 'Tagged births');
    const tagged = await tagObject(alice, 'chart', chartId, ['finance', 'q3']);
    expect(tagged.statusCode, tagged.body).toBe(201);
    const tags = await chartTags(alice, chartId);
    expect(tags.map((tag) => [tag.name, tag.type])).toEqual([
      ['finance', 'custom'],
      ['q3', 'custom'],
    ]);
    const finance = tags.find((tag) => tag.name === 'finance');
    if (!finance) throw new Error('no finance tag');

    const listed = await server.request(
      'GET',
      `/api/v1/chart/${q(`(filters:!((col:id,opr:eq,value:${chartId})))`)}`,
      {
        token: alice,
      },
    );
    expect(
      listed.json<{ result: { tags: { name: string }[] }[] }>().result[0]?.tags.map((t) => t.name),
    ).toEqual(['finance', 'q3']);

    const byId = await objects(alice, `tagIds=${finance.id}`);
    expect(byId).toEqual([
      expect.objectContaining({
        id: chartId,
        type: 'chart',
        name: 'Tagged births',
        url: `/explore/?slice_id=${chartId}`,
        creator: 'alice Tester',
        owners: [expect.objectContaining({ first_name: 'alice' })],
      }),
    ]);
    expect(byId[0]?.tags.map((tag) => tag.name)).toEqual(['finance', 'q3']);
    expect(await objects(alice, 'tags=finance')).toHaveLength(1);
    expect(await objects(alice, 'tags=finance&types=dashboard')).toEqual([]);
    expect(await objects(alice, 'tags=no-such-tag')).toEqual([]);
    // Gamma reads no dataset, so the chart is not theirs to see, even through its tag.
    expect(await objects(gamma, `tagIds=${finance.id}`)).toEqual([]);

    // Tagging twice keeps one link.
    expect((await tagObject(alice, 'chart', chartId, ['finance'])).statusCode).toBe(201);
    expect(await chartTags(alice, chartId)).toHaveLength(2);

    const untagged = await server.request('DELETE', `/api/v1/tag/chart/${chartId}/finance`, { token: alice });
    expect(untagged.statusCode, untagged.body).toBe(200);
    expect((await chartTags(alice, chartId)).map((tag) => tag.name)).toEqual(['q3']);
    const again = await server.request('DELETE', `/api/v1/tag/chart/${chartId}/finance/`, { token: alice });
    expect(again.statusCode).toBe(404);
    expect(await objects(alice, `tagIds=${finance.id}`)).toEqual([]);
  });

  it('lets only those who may edit an object tag it', async () => {
    const chartId = await newChart(alice, 'Alice only');
    const byBob = await tagObject(bob, 'chart', chartId, ['mine']);
    expect(byBob.statusCode).toBe(403);
    expect((await tagObject(gamma, 'chart', chartId, ['mine'])).statusCode).toBe(404);
    expect((await tagObject(admin, 'chart', chartId, ['admin-tag'])).statusCode).toBe(201);
    const untagByBob = await server.request('DELETE', `/api/v1/tag/chart/${chartId}/admin-tag`, {
      token: bob,
    });
    expect(untagByBob.statusCode).toBe(403);
    const putByBob = await server.request('PUT', `/api/v1/chart/${chartId}`, {
      token: bob,
      body: { tags: ['x'] },
    });
    expect(putByBob.statusCode).toBe(403);
    expect((await chartTags(alice, chartId)).map((tag) => tag.name)).toEqual(['admin-tag']);
  });

  it('replaces custom tags through PUT with ids and names, and refuses unknown ids', async () => {
    const chartId = await newChart(alice, 'Put tags');
    expect((await tagObject(alice, 'chart', chartId, ['old'])).statusCode).toBe(201);
    const created = await server.request('POST', '/api/v1/tag/', { token: alice, body: { name: 'kept' } });
    expect(created.statusCode, created.body).toBe(201);
    const kept = tagWriteResponseSchema.parse(created.json()).id;
    const put = await server.request('PUT', `/api/v1/chart/${chartId}`, {
      token: alice,
      body: { tags: [kept, 'fresh'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await chartTags(alice, chartId)).map((tag) => tag.name)).toEqual(['fresh', 'kept']);
    const unknown = await server.request('PUT', `/api/v1/chart/${chartId}`, {
      token: alice,
      body: { tags: [999_999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: { tags: ['Tag not found.'] } });
    expect((await chartTags(alice, chartId)).map((tag) => tag.name)).toEqual(['fresh', 'kept']);
    const cleared = await server.request('PUT', `/api/v1/chart/${chartId}`, {
      token: alice,
      body: { tags: [] },
    });
    expect(cleared.statusCode).toBe(200);
    expect(await chartTags(alice, chartId)).toEqual([]);
  });

  it('tags dashboards and saved queries and lists every kind under one tag', async () => {
    const chartId = await newChart(alice, 'Everything chart');
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: alice,
      body: { dashboard_title: 'Everything board' },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(201);
    const dashboardId = dashboard.json<{ id: number }>().id;
    const saved = await server.request('POST', '/api/v1/saved_query/', {
      token: alice,
      body: { db_id: databaseId, label: 'Everything query', sql: 'SELECT 1' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const savedId = saved.json<{ id: number }>().id;

    expect((await tagObject(alice, 'chart', chartId, ['everything'])).statusCode).toBe(201);
    const putDashboard = await server.request('PUT', `/api/v1/dashboard/${dashboardId}`, {
      token: alice,
      body: { tags: ['everything'] },
    });
    expect(putDashboard.statusCode, putDashboard.body).toBe(200);
    // Superset's clients name a saved query `query`, or by its ObjectType number 1.
    expect((await tagObject(alice, '1', savedId, ['everything'])).statusCode).toBe(201);

    const shownDashboard = await server.request('GET', `/api/v1/dashboard/${dashboardId}`, { token: alice });
    expect(dashboardShowResponseSchema.parse(shownDashboard.json()).result.tags?.map((t) => t.name)).toEqual([
      'everything',
    ]);
    const shownQuery = await server.request('GET', `/api/v1/saved_query/${savedId}`, { token: alice });
    expect(savedQueryShowResponseSchema.parse(shownQuery.json()).result.tags.map((t) => t.name)).toEqual([
      'everything',
    ]);

    const all = await objects(alice, 'tags=everything');
    expect(all.map((entity) => [entity.type, entity.id, entity.name])).toEqual([
      ['dashboard', dashboardId, 'Everything board'],
      ['chart', chartId, 'Everything chart'],
      ['query', savedId, 'Everything query'],
    ]);
    expect(all.find((entity) => entity.type === 'query')?.url).toBe(`/sqllab?savedQueryId=${savedId}`);
    // A saved query is its owner's alone, so another user never finds it through a tag.
    const bobSees = (await objects(bob, 'tags=everything')).map((entity) => entity.type);
    expect(bobSees).not.toContain('query');
    expect((await objects(alice, 'tags=everything&types=saved_query')).map((e) => e.type)).toEqual(['query']);

    // Deleting an object takes its links with it.
    expect((await server.request('DELETE', `/api/v1/chart/${chartId}`, { token: alice })).statusCode).toBe(
      200,
    );
    expect(
      (await server.request('DELETE', `/api/v1/saved_query/${savedId}`, { token: alice })).statusCode,
    ).toBe(200);
    expect((await objects(alice, 'tags=everything')).map((entity) => entity.type)).toEqual(['dashboard']);
  });

  it('gives one tag to requests that name the same new tag at once', async () => {
    const charts = await Promise.all([1, 2, 3, 4].map((n) => newChart(admin, `Race ${String(n)}`)));
    const answers = await Promise.all(
      charts.map((id) =>
        server.request('PUT', `/api/v1/chart/${id}`, { token: admin, body: { tags: ['raced'] } }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = await Promise.all(
      charts.map(async (id) => (await chartTags(admin, id)).map((tag) => tag.id)),
    );
    expect(new Set(ids.flat()).size).toBe(1);
  });

  it('creates, lists, shows, renames and deletes tags', async () => {
    const chartId = await newChart(alice, 'Crud chart');
    const created = await server.request('POST', '/api/v1/tag/', {
      token: alice,
      body: { name: 'crud-tag', description: 'For the test', objects_to_tag: [['chart', chartId]] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tag = tagWriteResponseSchema.parse(created.json()).result;
    expect(tag).toMatchObject({ name: 'crud-tag', type: 'custom', description: 'For the test' });
    expect((await chartTags(alice, chartId)).map((t) => t.name)).toEqual(['crud-tag']);

    const duplicate = await server.request('POST', '/api/v1/tag/', {
      token: alice,
      body: { name: 'crud-tag' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ message: { name: ['A tag with this name already exists.'] } });

    const listed = await server.request(
      'GET',
      `/api/v1/tag/${q('(filters:!((col:name,opr:ct,value:crud)))')}`,
      {
        token: alice,
      },
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const list = tagListResponseSchema.parse(listed.json());
    expect(list.count).toBe(1);
    expect(list.result[0]).toMatchObject({ id: tag.id, name: 'crud-tag' });
    const custom = await server.request(
      'GET',
      `/api/v1/tag/${q('(filters:!((col:type,opr:custom_tag,value:!t)),page_size:100)')}`,
      { token: alice },
    );
    expect(tagListResponseSchema.parse(custom.json()).result.every((t) => t.type === 'custom')).toBe(true);

    const shown = await server.request('GET', `/api/v1/tag/${tag.id}`, { token: gamma });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(tagShowResponseSchema.parse(shown.json()).result.name).toBe('crud-tag');

    const renamed = await server.request('PUT', `/api/v1/tag/${tag.id}`, {
      token: alice,
      body: { name: 'crud-renamed', objects_to_tag: [] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(tagWriteResponseSchema.parse(renamed.json()).result.name).toBe('crud-renamed');
    expect(await chartTags(alice, chartId)).toEqual([]);

    const deleted = await server.request('DELETE', `/api/v1/tag/${tag.id}`, { token: alice });
    expect(deleted.statusCode).toBe(200);
    expect((await server.request('GET', `/api/v1/tag/${tag.id}`, { token: alice })).statusCode).toBe(404);

    for (const name of ['bulk-a', 'bulk-b'])
      expect(
        (await server.request('POST', '/api/v1/tag/', { token: alice, body: { name } })).statusCode,
      ).toBe(201);
    const bulk = await server.request('DELETE', `/api/v1/tag/${q('!(bulk-a,bulk-b)')}`, { token: alice });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ message: 'Deleted 2 tags' });
    const gone = await server.request('DELETE', `/api/v1/tag/${q('!(bulk-a)')}`, { token: alice });
    expect(gone.statusCode).toBe(404);
  });

  it('answers bad input with 400 or 404, never 500', async () => {
    const chartId = await newChart(alice, 'Bad input chart');
    const cases: [string, string, unknown, number][] = [
      ['POST', `/api/v1/tag/dataset/${chartId}/`, { properties: { tags: ['x'] } }, 400],
      ['POST', `/api/v1/tag/chart/${chartId}/`, {}, 400],
      ['POST', `/api/v1/tag/chart/${chartId}/`, { properties: { tags: [] } }, 400],
      ['POST', `/api/v1/tag/chart/${chartId}/`, { properties: { tags: [''] } }, 400],
      ['POST', `/api/v1/tag/chart/${chartId}/`, { properties: { tags: [7] } }, 400],
      ['POST', '/api/v1/tag/chart/999999/', { properties: { tags: ['x'] } }, 404],
      ['POST', '/api/v1/tag/chart/abc/', { properties: { tags: ['x'] } }, 404],
      ['DELETE', `/api/v1/tag/chart/${chartId}/never-put`, undefined, 404],
      ['GET', '/api/v1/tag/get_objects/?tagIds=abc', undefined, 400],
      ['GET', '/api/v1/tag/get_objects/?types=dataset', undefined, 400],
      ['GET', '/api/v1/tag/get_objects/?bogus=1', undefined, 400],
      ['GET', '/api/v1/tag/999999', undefined, 404],
      ['GET', `/api/v1/tag/${q('(filters:!((col:nope,opr:eq,value:1)))')}`, undefined, 400],
      ['GET', `/api/v1/tag/${q('(order_column:nope)')}`, undefined, 400],
      ['POST', '/api/v1/tag/', { name: '   ' }, 400],
      ['POST', '/api/v1/tag/', { name: 'ok', objects_to_tag: [['dataset', 1]] }, 400],
      ['POST', '/api/v1/tag/', { name: 'ok', objects_to_tag: [['chart', 999_999]] }, 404],
      ['PUT', '/api/v1/tag/999999', { name: 'x' }, 404],
      ['DELETE', '/api/v1/tag/', undefined, 400],
      ['DELETE', `/api/v1/tag/${q('(a:1)')}`, undefined, 400],
      ['PUT', `/api/v1/chart/${chartId}`, { tags: [{ id: 1 }] }, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const response = await server.request(method as 'GET', url, { token: alice, body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    }
    // Nothing was created by the refused requests.
    const okTag = await server.request('GET', `/api/v1/tag/${q('(filters:!((col:name,opr:eq,value:ok)))')}`, {
      token: alice,
    });
    expect(tagListResponseSchema.parse(okTag.json()).count).toBe(0);
  });
});

describe('tags with TAGGING_SYSTEM off', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { examples: true });
    admin = await server.token();
  });
  afterAll(async () => {
    await server.close();
  });

  it('has no tag API and ignores tags in a chart PUT, as Superset does', async () => {
    expect((await server.request('GET', '/api/v1/tag/', { token: admin })).statusCode).toBe(404);
    expect(
      (await server.request('GET', '/api/v1/tag/get_objects/?tags=a', { token: admin })).statusCode,
    ).toBe(404);
    const { datasetId } = await examplesIds(server, admin);
    const created = await server.request('POST', '/api/v1/chart/', {
      token: admin,
      body: { slice_name: 'Flag off', datasource_id: datasetId, datasource_type: 'table', viz_type: 'table' },
    });
    const id = created.json<{ id: number }>().id;
    const put = await server.request('PUT', `/api/v1/chart/${id}`, {
      token: admin,
      body: { tags: ['ignored'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const shown = chartShowResponseSchema.parse(
      (await server.request('GET', `/api/v1/chart/${id}`, { token: admin })).json(),
    );
    expect(shown.result.tags).toEqual([]);
  });
});
