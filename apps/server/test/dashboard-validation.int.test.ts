import { dashboardShowResponseSchema, dashboardWriteResponseSchema } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

describe.each(METADATA_BACKENDS)('dashboard write validation on %s metadata', (backend) => {
  let server: TestServer;
  let f: DashboardFixture;

  const put = (token: string, id: number, body: Record<string, unknown>) =>
    server.request('PUT', `/api/v1/dashboard/${id}`, { token, body });
  const raw = async (id: number) => {
    const response = await server.request('GET', `/api/v1/dashboard/${id}`, { token: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return dashboardShowResponseSchema.parse(response.json()).result;
  };
  const newDashboard = async (body: Record<string, unknown>): Promise<number> => {
    const response = await server.request('POST', '/api/v1/dashboard/', { token: f.alice, body });
    expect(response.statusCode, response.body).toBe(201);
    return dashboardWriteResponseSchema.parse(response.json()).id;
  };
  const chartsOf = async (id: number): Promise<number[]> => {
    const response = await server.request('GET', `/api/v1/dashboard/${id}/charts`, { token: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ result: { id: number }[] }>().result.map((chart) => chart.id);
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    f = await dashboardFixture(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('saves a valid layout and links exactly the charts it holds', async () => {
    const [first, second] = f.charts;
    if (first === undefined || second === undefined) throw new Error('fixture charts missing');
    const id = await newDashboard({
      dashboard_title: 'Linked',
      position_json: JSON.stringify(layoutWith([first])),
    });
    expect(await chartsOf(id)).toEqual([first]);
    const saved = await put(f.alice, id, { position_json: JSON.stringify(layoutWith([second])) });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = dashboardWriteResponseSchema.parse(saved.json());
    expect(body.last_modified_time).toBe(Math.floor(Date.parse((await raw(id)).changed_on ?? '') / 1000));
    expect(await chartsOf(id)).toEqual([second]);
    expect((await raw(id)).charts).toEqual(['Second']);
  });

  it('refuses broken layouts with clear messages and leaves the row as it was', async () => {
    const [first] = f.charts;
    if (first === undefined) throw new Error('fixture charts missing');
    const good = JSON.stringify(layoutWith([first]));
    const id = await newDashboard({ dashboard_title: 'Guarded', position_json: good });
    const before = await raw(id);

    const nested = layoutWith([first]);
    // A ROW directly under ROOT breaks the nesting rules.
    nested.ROOT_ID = { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID', 'ROW-r1'] };
    nested.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: [] };
    nested['ROW-r1'] = { id: 'ROW-r1', type: 'ROW', children: [`CHART-c${first}`] };
    nested[`CHART-c${first}`] = {
      id: `CHART-c${first}`,
      type: 'CHART',
      children: [],
      meta: { chartId: first, width: 4, height: 50 },
    };
    const cycle = layoutWith([first]);
    cycle['ROW-r1'] = { id: 'ROW-r1', type: 'ROW', children: ['COLUMN-a'] };
    cycle['COLUMN-a'] = { id: 'COLUMN-a', type: 'COLUMN', children: ['ROW-r1'], meta: { width: 4 } };
    const unknownType = layoutWith([first]);
    unknownType['ROW-r1'] = { id: 'ROW-r1', type: 'CAROUSEL', children: [] };
    const missing = layoutWith([first, 999_999]);
    const huge = layoutWith([first]);
    huge.HEADER_ID = {
      id: 'HEADER_ID',
      type: 'HEADER',
      children: [],
      meta: { text: 'x'.repeat(9_000), padding: 'y'.repeat(60_000) },
    };

    const cases: [string, unknown, RegExp][] = [
      ['wrong nesting', nested, /cannot be placed in a ROOT/],
      ['a cycle', cycle, /cycle|held by both/],
      ['an unknown type', unknownType, /unknown type "CAROUSEL"/],
      ['a missing chart', missing, /chart 999999, which does not exist/],
    ];
    for (const [what, layout, message] of cases) {
      const response = await put(f.alice, id, {
        position_json: JSON.stringify(layout),
        dashboard_title: 'Changed',
      });
      expect(response.statusCode, what).toBe(400);
      const problems = response.json<{ message: { position_json: string[] } }>().message.position_json;
      expect(problems.join(' '), what).toMatch(message);
    }
    const tooLong = await put(f.alice, id, { position_json: JSON.stringify(huge) });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('position_json');

    const after = await raw(id);
    expect(after).toEqual({ ...before, changed_on_delta_humanized: after.changed_on_delta_humanized });
    expect(await chartsOf(id)).toEqual([first]);
  });

  it('refuses bad json_metadata and a taken slug without writing', async () => {
    const id = await newDashboard({
      dashboard_title: 'Meta',
      slug: 'meta-board',
      json_metadata: '{"refresh_frequency":10}',
    });
    await newDashboard({ dashboard_title: 'Taken', slug: 'taken-board' });
    const before = await raw(id);

    const unknownKey = await put(f.alice, id, { json_metadata: '{"colour_scheme":"x"}' });
    expect(unknownKey.statusCode).toBe(400);
    expect(
      unknownKey.json<{ message: { json_metadata: string[] } }>().message.json_metadata.join(' '),
    ).toMatch(/colour_scheme/);
    const wrongType = await put(f.alice, id, { json_metadata: '{"refresh_frequency":"often"}', css: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ message: { json_metadata: string[] } }>().message.json_metadata[0]).toMatch(
      /refresh_frequency/,
    );
    const notObject = await put(f.alice, id, { json_metadata: '[1]' });
    expect(notObject.statusCode).toBe(400);
    const created = await server.request('POST', '/api/v1/dashboard/', {
      token: f.alice,
      body: { json_metadata: '{"expanded_slices":{"abc":true}}' },
    });
    expect(created.statusCode).toBe(400);

    const taken = await put(f.alice, id, { slug: 'taken-board', dashboard_title: 'Renamed' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: { slug: ['Must be unique'] } });

    const after = await raw(id);
    expect(after).toEqual({ ...before, changed_on_delta_humanized: after.changed_on_delta_humanized });
  });

  it('answers a non-owner PUT with the spec message and changes nothing', async () => {
    const id = await newDashboard({ dashboard_title: 'Alice only', published: true });
    const before = await raw(id);
    const response = await put(f.bob, id, { dashboard_title: 'Bob was here', published: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have permission to edit this dashboard' });
    const colours = await server.request('PUT', `/api/v1/dashboard/${id}/colors`, {
      token: f.bob,
      body: { color_scheme: 'bnbColors' },
    });
    expect(colours.statusCode).toBe(403);
    const after = await raw(id);
    expect(after).toEqual({ ...before, changed_on_delta_humanized: after.changed_on_delta_humanized });
  });

  it('accepts the three PUT forms of spec 001 §7 and keeps certification only with a certifier', async () => {
    const id = await newDashboard({ dashboard_title: 'Forms' });
    const published = await put(f.alice, id, { published: true });
    expect(published.statusCode, published.body).toBe(200);
    const fields = await put(f.alice, id, {
      dashboard_title: '',
      slug: '',
      css: '.a{}',
      certified_by: '',
      certification_details: 'ignored without a certifier',
      owners: [f.aliceId],
      json_metadata: '{"color_scheme":"supersetColors"}',
    });
    expect(fields.statusCode, fields.body).toBe(200);
    expect(await raw(id)).toMatchObject({
      dashboard_title: '[ untitled dashboard ]',
      slug: null,
      certification_details: null,
      published: true,
    });
    const metadata = await put(f.alice, id, {
      json_metadata: '{"cross_filters_enabled":false,"filter_bar_orientation":"HORIZONTAL"}',
    });
    expect(metadata.statusCode, metadata.body).toBe(200);
    const body = dashboardWriteResponseSchema.parse(metadata.json());
    expect(body.result.json_metadata).toBe(
      '{"cross_filters_enabled":false,"filter_bar_orientation":"HORIZONTAL"}',
    );
    expect(typeof body.last_modified_time).toBe('number');
    const certified = await put(f.alice, id, { certified_by: 'Data team', certification_details: 'Checked' });
    expect(certified.statusCode).toBe(200);
    expect(await raw(id)).toMatchObject({ certified_by: 'Data team', certification_details: 'Checked' });
  });

  it('merges colours into json_metadata, optionally without touching changed_on', async () => {
    const id = await newDashboard({ dashboard_title: 'Colours', json_metadata: '{"refresh_frequency":30}' });
    const before = await raw(id);
    const quiet = await server.request('PUT', `/api/v1/dashboard/${id}/colors?mark_updated=false`, {
      token: f.alice,
      body: { color_scheme: 'bnbColors', label_colors: { boys: '#00f' }, color_scheme_domain: ['#00f'] },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const after = await raw(id);
    expect(JSON.parse(after.json_metadata ?? '{}')).toEqual({
      refresh_frequency: 30,
      color_scheme: 'bnbColors',
      label_colors: { boys: '#00f' },
      color_scheme_domain: ['#00f'],
    });
    expect(after.changed_on).toBe(before.changed_on);
    const bad = await server.request('PUT', `/api/v1/dashboard/${id}/colors`, {
      token: f.alice,
      body: { label_colors: 'red' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists certified dashboards and finds one by uuid', async () => {
    const id = await newDashboard({ dashboard_title: 'Certified one', certified_by: 'QA' });
    const list = await server.request(
      'GET',
      `/api/v1/dashboard/?q=${encodeURIComponent('(filters:!((col:id,opr:dashboard_is_certified,value:!t)))')}`,
      { token: f.alice },
    );
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json<{ ids: number[] }>().ids;
    expect(ids).toContain(id);
    const uuid = (await raw(id)).uuid;
    const byUuid = await server.request('GET', `/api/v1/dashboard/${uuid}`, { token: f.alice });
    expect(byUuid.json<{ id: number }>().id).toBe(id);
  });
});
