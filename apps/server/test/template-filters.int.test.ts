import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/**
 * filter_values() and get_filters() in a virtual dataset's SQL (issue #18), through POST /api/v1/chart/data:
 * the query's filters feed the template, and a filter read with remove_filter=True is not applied again
 * in the outer WHERE.
 */

interface ResultItem {
  data: Record<string, unknown>[];
  query?: string;
  applied_template_filters?: string[];
}

describe.each(METADATA_BACKENDS)('template filter macros on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let byState: number;
  let seenGender: number;

  const ok = (response: LightMyRequestResponse): LightMyRequestResponse => {
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const newDataset = async (examples: number, name: string, sql: string): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dataset/', {
      token: admin,
      body: { database: examples, schema: 'main', table_name: name, sql },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const chartData = async (
    datasetId: number,
    query: Record<string, unknown>,
    resultType = 'full',
  ): Promise<ResultItem> => {
    const response = await server.request('POST', '/api/v1/chart/data', {
      token: admin,
      body: {
        datasource: { id: datasetId, type: 'table' },
        queries: [{ orderby: [], ...query }],
        result_type: resultType,
      },
    });
    const item = ok(response).json<{ result: ResultItem[] }>().result[0];
    if (item === undefined) throw new Error('no result');
    return item;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    const databases = ok(await server.request('GET', '/api/v1/database/', { token: admin })).json<{
      result: { id: number; database_name: string }[];
    }>();
    const examples = databases.result.find((database) => database.database_name === 'examples');
    if (!examples) throw new Error('examples database missing');
    byState = await newDataset(
      examples.id,
      'births_in_states',
      "SELECT state, num FROM birth_names WHERE state IN {{ filter_values('state', 'CA', remove_filter=True) | where_in }}",
    );
    seenGender = await newDataset(
      examples.id,
      'births_seen_gender',
      "SELECT gender, num, '{% for f in get_filters('gender') %}{{ f.op }} {{ f.val }}{% endfor %}' AS seen FROM birth_names",
    );
  });

  afterAll(async () => {
    await server.close();
  });

  const sumByState = {
    columns: ['state'],
    metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' }],
  };

  it('filter_values() reads the query filter, and remove_filter keeps it out of the outer WHERE', async () => {
    const filtered = await chartData(byState, {
      ...sumByState,
      filters: [{ col: 'state', op: 'IN', val: ['NY', 'TX'] }],
    });
    expect(filtered.data.map((row) => row.state).sort()).toEqual(['NY', 'TX']);
    expect(filtered.applied_template_filters).toEqual(['state']);

    const query = await chartData(
      byState,
      { ...sumByState, filters: [{ col: 'state', op: 'IN', val: ['NY', 'TX'] }] },
      'query',
    );
    // Once, inside the dataset's SQL: the outer query does not filter on state again.
    expect(query.query?.match(/'NY'/g)).toHaveLength(1);
  });

  it('filter_values() falls back to its default without a filter', async () => {
    const unfiltered = await chartData(byState, sumByState);
    expect(unfiltered.data.map((row) => row.state)).toEqual(['CA']);
    expect(unfiltered.applied_template_filters).toEqual([]);
  });

  it('get_filters() hands the template {op, val}, and the outer filter still applies', async () => {
    const result = await chartData(seenGender, {
      columns: ['gender', 'seen'],
      metrics: ['count'],
      filters: [{ col: 'gender', op: '==', val: 'girl' }],
    });
    expect(result.data).toEqual([expect.objectContaining({ gender: 'girl', seen: '== girl' })]);
    expect(result.applied_template_filters).toEqual(['gender']);
    const query = await chartData(
      seenGender,
      { columns: ['gender'], metrics: ['count'], filters: [{ col: 'gender', op: '==', val: 'girl' }] },
      'query',
    );
    expect(query.query?.match(/'girl'/g)?.length).toBe(1);
  });
});
