import {
  annotationLayerListResponseSchema,
  annotationListResponseSchema,
  nativeAnnotationDataSchema,
} from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';
import { createUser, examplesDatabaseId } from './sqllab-support';

describe.each(METADATA_BACKENDS)('annotation layers on %s metadata', (backend) => {
  let server: TestServer;
  let admin: string;
  let alpha: string;
  let gamma: string;
  let birthNames: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token: string = admin,
  ) => server.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  const created = async (url: string, body: unknown): Promise<number> => {
    const response = await call('POST', url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    admin = await server.token();
    alpha = await createUser(server, admin, 'alfred', 'Alpha');
    gamma = await createUser(server, admin, 'gina', 'Gamma');
    const dataset = await call('POST', '/api/v1/dataset/get_or_create/', {
      table_name: 'birth_names',
      database_id: await examplesDatabaseId(server, admin),
      schema: 'main',
    });
    expect(dataset.statusCode, dataset.body).toBe(200);
    birthNames = dataset.json<{ result: { table_id: number } }>().result.table_id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates, lists, shows, updates and deletes a layer', async () => {
    const post = await call('POST', '/api/v1/annotation_layer/', { name: 'Releases', descr: 'Deploys' });
    expect(post.statusCode, post.body).toBe(201);
    const { id, result } = post.json<{ id: number; result: unknown }>();
    expect(result).toEqual({ name: 'Releases', descr: 'Deploys' });

    const list = annotationLayerListResponseSchema.parse(
      (
        await call(
          'GET',
          `/api/v1/annotation_layer/?q=${encodeURIComponent('(filters:!((col:name,opr:ct,value:elea)))')}`,
        )
      ).json(),
    );
    expect(list.count).toBe(1);
    expect(list.result[0]).toMatchObject({ id, name: 'Releases', descr: 'Deploys' });
    expect(list.result[0]?.created_by).toMatchObject({ first_name: 'Admin' });

    const duplicate = await call('POST', '/api/v1/annotation_layer/', { name: 'Releases' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ message: { name: ['Name must be unique'] } });

    const put = await call('PUT', `/api/v1/annotation_layer/${id}`, { descr: 'All deploys' });
    expect(put.statusCode, put.body).toBe(200);
    const shown = await call('GET', `/api/v1/annotation_layer/${id}?q=(columns:!(name,descr))`);
    expect(shown.json()).toEqual({ id, result: { name: 'Releases', descr: 'All deploys' } });

    expect((await call('DELETE', `/api/v1/annotation_layer/${id}`)).json()).toEqual({ message: 'OK' });
    expect((await call('GET', `/api/v1/annotation_layer/${id}`)).statusCode).toBe(404);
  });

  it('keeps annotations under their layer with Superset rules', async () => {
    const layer = await created('/api/v1/annotation_layer/', { name: 'Holidays' });
    const base = `/api/v1/annotation_layer/${layer}/annotation/`;
    const post = await call('POST', base, {
      short_descr: 'New year',
      long_descr: 'Closed',
      start_dttm: '2001-01-01T00:00:00',
      end_dttm: '2001-01-02T00:00:00',
      json_metadata: '{"k": 1}',
    });
    expect(post.statusCode, post.body).toBe(201);
    const annotation = post.json<{ id: number; result: Record<string, unknown> }>();
    // A zone-less time is UTC.
    expect(annotation.result).toMatchObject({
      start_dttm: '2001-01-01T00:00:00.000Z',
      end_dttm: '2001-01-02T00:00:00.000Z',
    });

    const backwards = await call('POST', base, {
      short_descr: 'New year',
      start_dttm: '2001-02-02',
      end_dttm: '2001-02-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toEqual({
      message: {
        end_dttm: ['End date must be after start date'],
        short_descr: ['Short description must be unique for this layer'],
      },
    });
    const badJson = await call('POST', base, {
      short_descr: 'x',
      start_dttm: '2001-02-01',
      end_dttm: '2001-02-02',
      json_metadata: '{',
    });
    expect(badJson.statusCode).toBe(400);
    expect(
      (await call('POST', base, { short_descr: 'x', start_dttm: 'soon', end_dttm: 'later' })).statusCode,
    ).toBe(400);

    const list = annotationListResponseSchema.parse((await call('GET', base)).json());
    expect(list.result.map((item) => [item.short_descr, item.layer.name])).toEqual([
      ['New year', 'Holidays'],
    ]);

    const put = await call('PUT', `${base}${annotation.id}`, { end_dttm: '2001-01-03T12:00:00+02:00' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ result: { end_dttm: string } }>().result.end_dttm).toBe('2001-01-03T10:00:00.000Z');
    expect((await call('PUT', `${base}${annotation.id}`, { end_dttm: '2000-12-31' })).statusCode).toBe(422);

    // Another layer's path does not reach this annotation.
    const other = await created('/api/v1/annotation_layer/', { name: 'Other' });
    expect(
      (await call('GET', `/api/v1/annotation_layer/${other}/annotation/${annotation.id}`)).statusCode,
    ).toBe(404);

    // A layer that holds annotations is not deleted; all or nothing in bulk.
    const refused = await call('DELETE', `/api/v1/annotation_layer/?q=!(${layer},${other})`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'Annotation layer has associated annotations.' });
    expect((await call('GET', `/api/v1/annotation_layer/${other}`)).statusCode).toBe(200);

    expect((await call('DELETE', `${base}?q=!(${annotation.id})`)).json()).toEqual({
      message: 'Deleted 1 annotation',
    });
    expect((await call('DELETE', `/api/v1/annotation_layer/?q=!(${layer},${other})`)).json()).toEqual({
      message: 'Deleted 2 annotation layers',
    });
  });

  it('lets Alpha write layers and keeps Gamma out, as Superset does', async () => {
    const post = await call('POST', '/api/v1/annotation_layer/', { name: 'By alpha' }, alpha);
    expect(post.statusCode, post.body).toBe(201);
    expect((await call('GET', '/api/v1/annotation_layer/', undefined, gamma)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/annotation_layer/', { name: 'By gamma' }, gamma)).statusCode).toBe(
      403,
    );
    const info = await call('GET', '/api/v1/annotation_layer/_info', undefined, alpha);
    expect(info.json()).toEqual({ permissions: ['can_read', 'can_write'] });
  });

  it('answers a NATIVE layer as annotation_data of the chart data, within the time range', async () => {
    const layer = await created('/api/v1/annotation_layer/', { name: 'Chart events' });
    const base = `/api/v1/annotation_layer/${layer}/annotation/`;
    await created(base, { short_descr: 'Inside', start_dttm: '2002-03-01', end_dttm: '2002-03-01' });
    await created(base, { short_descr: 'Spanning', start_dttm: '1999-06-01', end_dttm: '2000-06-01' });
    await created(base, { short_descr: 'Outside', start_dttm: '2010-01-01', end_dttm: '2010-02-01' });
    const query = (annotationLayers: unknown[]) => ({
      datasource: { id: birthNames, type: 'table' },
      queries: [
        {
          columns: [
            {
              sqlExpression: 'ds',
              label: 'ds',
              columnType: 'BASE_AXIS',
              timeGrain: 'P1Y',
              isColumnReference: true,
            },
          ],
          metrics: ['count'],
          time_range: '2000-01-01 : 2005-01-01',
          filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2000-01-01 : 2005-01-01' }],
          annotation_layers: annotationLayers,
        },
      ],
    });
    const native = {
      name: 'Events',
      annotationType: 'EVENT',
      sourceType: 'NATIVE',
      value: layer,
      show: true,
    };
    const formula = { name: 'Trend', annotationType: 'FORMULA', value: '2*x', show: true };
    const response = await call(
      'POST',
      '/api/v1/chart/data',
      query([native, formula, { ...native, name: 'Hidden', show: false }]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<{ result: { annotation_data: Record<string, unknown> }[] }>().result[0];
    expect(Object.keys(item?.annotation_data ?? {})).toEqual(['Events']);
    const events = nativeAnnotationDataSchema.parse(item?.annotation_data.Events);
    expect(events.records.map((record) => record.short_descr)).toEqual(['Spanning', 'Inside']);
    expect(events.records[1]?.start_dttm).toBe(Date.UTC(2002, 2, 1));

    // Annotations are read at each request, not kept with the cached rows.
    await created(base, { short_descr: 'Later added', start_dttm: '2003-01-01', end_dttm: '2003-01-02' });
    const again = await call('POST', '/api/v1/chart/data', query([native]));
    const cached = again.json<{
      result: { is_cached: boolean; annotation_data: Record<string, unknown> }[];
    }>().result[0];
    expect(cached?.is_cached).toBe(true);
    expect(nativeAnnotationDataSchema.parse(cached?.annotation_data.Events).records).toHaveLength(3);
  });
});
