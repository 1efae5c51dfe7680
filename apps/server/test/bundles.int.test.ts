import { EXAMPLES_DATABASE_UUID } from '@tessera/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { dashboardFixture, layoutWith, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

/** Superset's import form: the ZIP in `formData` and text fields, as its web client posts it. */
function multipart(zip: Uint8Array, fields: Record<string, string> = {}): { payload: Buffer; type: string } {
  const boundary = '----tessera-bundle-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formData"; filename="bundle.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    Buffer.from(zip),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function importZip(
  server: TestServer,
  token: string,
  resource: string,
  zip: Uint8Array,
  fields: Record<string, string> = {},
) {
  const body = multipart(zip, fields);
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/${resource}/import/`,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.type },
    payload: body.payload,
  });
}

async function exportZip(server: TestServer, token: string, resource: string, ids: number[]) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/${resource}/export/?q=${encodeURIComponent(`!(${ids.join(',')})`)}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** path below the top folder → parsed YAML. */
function filesOf(zip: Uint8Array): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    out.set(name.slice(name.indexOf('/') + 1), parse(strFromU8(bytes)) as Record<string, unknown>);
  }
  return out;
}

function zipOf(files: Record<string, unknown>, root = 'dashboard_export_20260101T000000'): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(files))
    entries[`${root}/${name}`] = strToU8(typeof value === 'string' ? value : stringify(value));
  return zipSync(entries);
}

/** Every metadata table a bundle import may write, for before/after comparisons. */
const TABLES = [
  'databases',
  'datasets',
  'dataset_columns',
  'dataset_metrics',
  'dataset_owners',
  'slices',
  'slice_owners',
  'dashboards',
  'dashboard_owners',
  'dashboard_slices',
  'saved_queries',
  'permission_views',
] as const;

async function dump(server: TestServer): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = await server.ctx.store.db.selectFrom(table).selectAll().execute();
  return JSON.stringify(out);
}

describe.each(METADATA_BACKENDS)('asset bundles on %s metadata', (backend) => {
  let source: TestServer;
  let target: TestServer;
  let fixture: DashboardFixture;
  let targetAdmin: string;
  let dashboardId: number;
  let dashboardZip: Uint8Array;

  beforeAll(async () => {
    source = await startTestServer(backend, { examples: true });
    target = await startTestServer(backend, { examples: true });
    fixture = await dashboardFixture(source);
    targetAdmin = await target.token();
    const created = await source.request('POST', '/api/v1/dashboard/', {
      token: fixture.alice,
      body: {
        dashboard_title: 'Births board',
        slug: 'births-board',
        published: true,
        position_json: JSON.stringify(layoutWith(fixture.charts)),
        json_metadata: JSON.stringify({
          expanded_slices: { [String(fixture.charts[0])]: true },
          native_filter_configuration: [
            {
              id: 'NATIVE_FILTER-abc',
              type: 'NATIVE_FILTER',
              name: 'Gender',
              filterType: 'filter_select',
              targets: [{ column: { name: 'gender' }, datasetId: fixture.datasetId }],
              scope: { rootPath: ['ROOT_ID'], excluded: [fixture.charts[1]] },
            },
          ],
        }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    dashboardId = created.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('gives the examples database Superset’s uuid', async () => {
    const row = await source.ctx.store.db
      .selectFrom('databases')
      .select('uuid')
      .where('database_name', '=', 'examples')
      .executeTakeFirstOrThrow();
    expect(row.uuid).toBe(EXAMPLES_DATABASE_UUID);
  });

  it('exports a dashboard with its charts, datasets and database', async () => {
    const response = await exportZip(source, fixture.alice, 'dashboard', [dashboardId]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename=dashboard_export_\d{8}T\d{6}\.zip$/,
    );
    dashboardZip = new Uint8Array(response.rawPayload);
    const names = Object.keys(unzipSync(dashboardZip));
    expect(new Set(names.map((name) => name.split('/')[0])).size).toBe(1);
    const files = filesOf(dashboardZip);
    expect(files.get('metadata.yaml')).toMatchObject({ version: '1.0.0', type: 'Dashboard' });
    expect([...files.keys()].sort()).toEqual(
      [
        'metadata.yaml',
        'databases/examples.yaml',
        'datasets/examples/names.yaml',
        `charts/First_${fixture.charts[0]}.yaml`,
        `charts/Second_${fixture.charts[1]}.yaml`,
        `dashboards/Births_board_${dashboardId}.yaml`,
      ].sort(),
    );
    expect(files.get('databases/examples.yaml')).toMatchObject({ uuid: EXAMPLES_DATABASE_UUID });
    const dashboard = files.get(`dashboards/Births_board_${dashboardId}.yaml`) ?? {};
    const metadata = dashboard.metadata as { native_filter_configuration: { targets: object[] }[] };
    const datasetUuid = files.get('datasets/examples/names.yaml')?.uuid;
    expect(metadata.native_filter_configuration[0]?.targets[0]).toEqual({
      column: { name: 'gender' },
      datasetUuid,
    });
  });

  it('refuses ids the caller may not read with 404', async () => {
    expect((await exportZip(source, fixture.alice, 'dashboard', [999_999])).statusCode).toBe(404);
    expect((await exportZip(source, fixture.gamma, 'chart', [fixture.charts[0] ?? 0])).statusCode).toBe(404);
    expect((await exportZip(source, fixture.gamma, 'dataset', [fixture.datasetId])).statusCode).toBe(404);
  });

  it('imports into a fresh server with the same objects, reusing the examples database', async () => {
    const databasesBefore = await target.ctx.store.db.selectFrom('databases').select('id').execute();
    const response = await importZip(target, targetAdmin, 'dashboard', dashboardZip);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'OK' });
    expect(await target.ctx.store.db.selectFrom('databases').select('id').execute()).toEqual(databasesBefore);

    const sourceDashboard = await source.ctx.store.db
      .selectFrom('dashboards')
      .selectAll()
      .where('id', '=', dashboardId)
      .executeTakeFirstOrThrow();
    const imported = await target.ctx.store.db
      .selectFrom('dashboards')
      .selectAll()
      .where('uuid', '=', sourceDashboard.uuid)
      .executeTakeFirstOrThrow();
    expect(imported).toMatchObject({
      dashboard_title: 'Births board',
      slug: 'births-board',
      published: 1,
    });
    const charts = await target.ctx.store.db.selectFrom('slices').selectAll().orderBy('slice_name').execute();
    expect(charts.map((chart) => chart.slice_name)).toEqual(['First', 'Second']);
    // The layout names the new chart ids, each with its uuid; json_metadata follows.
    const layout = JSON.parse(imported.position_json ?? '{}') as Record<
      string,
      { type?: string; meta?: Record<string, unknown> }
    >;
    const placed = Object.values(layout)
      .filter((component) => component.type === 'CHART')
      .map((component) => [component.meta?.chartId, component.meta?.uuid]);
    expect(placed.sort()).toEqual(charts.map((chart) => [chart.id, chart.uuid]).sort());
    const metadata = JSON.parse(imported.json_metadata ?? '{}') as {
      expanded_slices: Record<string, boolean>;
      native_filter_configuration: { targets: { datasetId: number }[]; scope: { excluded: number[] } }[];
    };
    const [first, second] = charts;
    expect(metadata.expanded_slices).toEqual({ [String(first?.id)]: true });
    expect(metadata.native_filter_configuration[0]?.scope.excluded).toEqual([second?.id]);
    const dataset = await target.ctx.store.db
      .selectFrom('datasets')
      .selectAll()
      .where('table_name', '=', 'names')
      .executeTakeFirstOrThrow();
    expect(metadata.native_filter_configuration[0]?.targets[0]?.datasetId).toBe(dataset.id);
    expect(first?.datasource_id).toBe(dataset.id);
    expect(JSON.parse(first?.params ?? '{}')).toMatchObject({
      datasource: `${dataset.id}__table`,
      row_limit: 5,
    });
    const links = await target.ctx.store.db
      .selectFrom('dashboard_slices')
      .select('slice_id')
      .where('dashboard_id', '=', imported.id)
      .execute();
    expect(links.map((link) => link.slice_id).sort()).toEqual(charts.map((chart) => chart.id).sort());

    // The imported dashboard is served and its chart runs on the reused examples database.
    const shown = await target.request('GET', `/api/v1/dashboard/${imported.id}`, { token: targetAdmin });
    expect(shown.statusCode, shown.body).toBe(200);
    const data = await target.request('POST', '/api/v1/chart/data', {
      token: targetAdmin,
      body: {
        datasource: { id: dataset.id, type: 'table' },
        queries: [{ columns: ['gender'], metrics: ['count'], orderby: [], row_limit: 10 }],
        result_format: 'json',
        result_type: 'full',
      },
    });
    expect(data.statusCode, data.body).toBe(200);

    // Export from the target gives back the same dashboard file (ids aside).
    const again = await exportZip(target, targetAdmin, 'dashboard', [imported.id]);
    const file = [...filesOf(new Uint8Array(again.rawPayload)).entries()].find(([name]) =>
      name.startsWith('dashboards/'),
    );
    const original = filesOf(dashboardZip).get(`dashboards/Births_board_${dashboardId}.yaml`);
    expect(file?.[1]).toMatchObject({
      uuid: original?.uuid,
      dashboard_title: original?.dashboard_title,
      metadata: {
        native_filter_configuration: (original?.metadata as { native_filter_configuration: unknown })
          .native_filter_configuration,
      },
    });
  });

  it('refuses a second import without overwrite and changes nothing', async () => {
    const before = await dump(target);
    const response = await importZip(target, targetAdmin, 'dashboard', dashboardZip);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: [
        {
          message: 'Error importing dashboard',
          error_type: 'GENERIC_COMMAND_ERROR',
          extra: {
            [`dashboards/Births_board_${dashboardId}.yaml`]:
              'Dashboard already exists and `overwrite=true` was not passed',
          },
        },
      ],
    });
    expect(await dump(target)).toBe(before);
  });

  it('replaces with overwrite and duplicates nothing', async () => {
    const count = async (table: 'dashboards' | 'slices' | 'datasets' | 'dashboard_slices') =>
      (await target.ctx.store.db.selectFrom(table).select('id').execute()).length;
    const before = [
      await count('dashboards'),
      await count('slices'),
      await count('datasets'),
      await count('dashboard_slices'),
    ];
    const files = filesOf(dashboardZip);
    const name = `dashboards/Births_board_${dashboardId}.yaml`;
    const changed = zipOf({
      ...Object.fromEntries(files),
      [name]: { ...files.get(name), dashboard_title: 'Births board v2' },
    });
    const response = await importZip(target, targetAdmin, 'dashboard', changed, { overwrite: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    expect([
      await count('dashboards'),
      await count('slices'),
      await count('datasets'),
      await count('dashboard_slices'),
    ]).toEqual(before);
    const row = await target.ctx.store.db
      .selectFrom('dashboards')
      .select('dashboard_title')
      .where('uuid', '=', String(files.get(name)?.uuid))
      .executeTakeFirstOrThrow();
    expect(row.dashboard_title).toBe('Births board v2');
  });

  it('names every bad file and field in one 422 and writes nothing', async () => {
    const files = Object.fromEntries(filesOf(dashboardZip));
    const chartName = `charts/First_${fixture.charts[0]}.yaml`;
    const before = await dump(target);
    const response = await importZip(
      target,
      targetAdmin,
      'dashboard',
      zipOf({
        ...files,
        [chartName]: { ...(files[chartName] as object), slice_name: undefined, uuid: 'not-a-uuid' },
        'datasets/examples/names.yaml': {
          ...(files['datasets/examples/names.yaml'] as object),
          database_uuid: '00000000-0000-4000-8000-000000000000',
        },
        'dashboards/Extra.yaml': {
          dashboard_title: 'x',
          uuid: '11111111-1111-4111-8111-111111111111',
          position: { A: 1 },
        },
      }),
      { overwrite: 'true' },
    );
    expect(response.statusCode, response.body).toBe(422);
    const extra = response.json<{ errors: { extra: Record<string, unknown> }[] }>().errors[0]?.extra ?? {};
    const fieldsOf = (file: string): string[] => {
      const value = extra[file];
      return typeof value === 'object' && value !== null ? Object.keys(value) : [];
    };
    expect(fieldsOf(chartName)).toEqual(expect.arrayContaining(['slice_name', 'uuid']));
    expect(JSON.stringify(extra[chartName])).toContain('Not a valid UUID.');
    expect(fieldsOf('datasets/examples/names.yaml')).toContain('database_uuid');
    expect(fieldsOf('dashboards/Extra.yaml')).toContain('position');
    expect(await dump(target)).toBe(before);
  });

  it('checks native filters as PUT does: a bad filter is refused by name and nothing is written', async () => {
    const files = filesOf(dashboardZip);
    const name = `dashboards/Births_board_${dashboardId}.yaml`;
    const dashboard = files.get(name) ?? {};
    const metadata = dashboard.metadata as { native_filter_configuration: Record<string, unknown>[] };
    const [gender] = metadata.native_filter_configuration;
    const before = await dump(target);
    const withFilters = (filters: Record<string, unknown>[]) =>
      zipOf({
        ...Object.fromEntries(files),
        [name]: {
          ...dashboard,
          uuid: '22222222-2222-4222-8222-222222222222',
          slug: null,
          metadata: { ...metadata, native_filter_configuration: filters },
        },
      });
    const problemsOf = (response: { body: string }): string[] => {
      const extra = (
        JSON.parse(response.body) as { errors: { extra: Record<string, Record<string, string[]>> }[] }
      ).errors[0]?.extra;
      return extra?.[name]?.['metadata.native_filter_configuration'] ?? [];
    };

    const badColumn = await importZip(
      target,
      targetAdmin,
      'dashboard',
      withFilters([
        { ...gender, targets: [{ ...(gender?.targets as object[])[0], column: { name: 'no_such_column' } }] },
      ]),
      { overwrite: 'true' },
    );
    expect(badColumn.statusCode, badColumn.body).toBe(422);
    expect(problemsOf(badColumn)).toEqual([
      expect.stringMatching(/^Filter 'Gender': column 'no_such_column' is not in dataset \S+$/),
    ]);

    const cycle = await importZip(
      target,
      targetAdmin,
      'dashboard',
      withFilters([
        { ...gender, id: 'NATIVE_FILTER-a', name: 'A', cascadeParentIds: ['NATIVE_FILTER-b'] },
        { ...gender, id: 'NATIVE_FILTER-b', name: 'B', cascadeParentIds: ['NATIVE_FILTER-a'] },
      ]),
      { overwrite: 'true' },
    );
    expect(cycle.statusCode, cycle.body).toBe(422);
    expect(problemsOf(cycle).join('\n')).toContain('Cascade parents form a cycle');
    expect(await dump(target)).toBe(before);

    // The same filters, whole, go through.
    const good = await importZip(target, targetAdmin, 'dashboard', withFilters([gender ?? {}]), {
      overwrite: 'true',
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses hostile and broken uploads without a 500 and writes nothing', async () => {
    const before = await dump(target);
    const bomb = zipSync({ 'x/metadata.yaml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    const cases: { zip: Uint8Array; status: number }[] = [
      { zip: bomb, status: 400 },
      { zip: zipSync({ '../evil.yaml': strToU8('a: 1') }), status: 400 },
      { zip: zipSync({ '/etc/evil.yaml': strToU8('a: 1') }), status: 400 },
      { zip: strToU8('not a zip at all'), status: 400 },
      {
        zip: zipOf({
          'metadata.yaml': { version: '1.0.0', type: 'Dashboard' },
          'dashboards/bomb.yaml': `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from({ length: 12 }, (_, i) => `l${i}: &l${i} [${Array.from({ length: 9 }, () => (i === 0 ? '*a' : `*l${i - 1}`)).join(',')}]`).join('\n')}\n`,
        }),
        status: 422,
      },
      {
        zip: zipOf({ 'metadata.yaml': { version: '1.0.0', type: 'Dashboard' }, 'charts/x.txt': 'hello' }),
        status: 422,
      },
      { zip: zipOf({ 'metadata.yaml': { version: '1.0.0', type: 'Slice' } }), status: 422 },
      { zip: zipOf({ 'charts/a.yaml': '{' }), status: 422 },
    ];
    for (const { zip, status } of cases) {
      const response = await importZip(target, targetAdmin, 'dashboard', zip);
      expect(response.statusCode, response.body).toBe(status);
    }
    const noFile = await target.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/import/',
      headers: { authorization: `Bearer ${targetAdmin}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(400);
    const ssh = await importZip(target, targetAdmin, 'dashboard', dashboardZip, {
      ssh_tunnel_passwords: '{"databases/examples.yaml": "pw"}',
    });
    expect(ssh.statusCode).toBe(422);
    expect(await dump(target)).toBe(before);
  });

  it('needs the password of a masked database and applies the connection guard', async () => {
    const before = await dump(target);
    const database = (uri: string, name: string) => ({
      'metadata.yaml': { version: '1.0.0', type: 'Database' },
      [`databases/${name}.yaml`]: {
        database_name: name,
        sqlalchemy_uri: uri,
        uuid: '22222222-2222-4222-8222-222222222222',
        version: '1.0.0',
      },
    });
    const masked = await importZip(
      target,
      targetAdmin,
      'database',
      zipOf(database('postgresql://someone:XXXXXXXXXX@127.0.0.1:5432/nowhere', 'pgdb')),
    );
    expect(masked.statusCode).toBe(422);
    expect(JSON.stringify(masked.json())).toContain('Must provide a password for the database');
    const file = await importZip(
      target,
      targetAdmin,
      'database',
      zipOf(database('sqlite:////etc/passwd', 'filedb')),
    );
    expect(file.statusCode).toBe(422);
    expect(JSON.stringify(file.json())).toContain('sqlalchemy_uri');
    expect(await dump(target)).toBe(before);
    const given = await importZip(
      target,
      targetAdmin,
      'database',
      zipOf(database('postgresql://someone:XXXXXXXXXX@127.0.0.1:5432/nowhere', 'pgdb')),
      { passwords: JSON.stringify({ 'databases/pgdb.yaml': 'secret' }) },
    );
    expect(given.statusCode, given.body).toBe(200);
    const row = await target.ctx.store.db
      .selectFrom('databases')
      .selectAll()
      .where('database_name', '=', 'pgdb')
      .executeTakeFirstOrThrow();
    expect(row.sqlalchemy_uri).not.toContain('secret');
    expect(row.password_encrypted).not.toBeNull();
    const exported = filesOf(
      new Uint8Array((await exportZip(target, targetAdmin, 'database', [row.id])).rawPayload),
    );
    expect(exported.get('databases/pgdb.yaml')?.sqlalchemy_uri).toBe(
      'postgresql://someone:XXXXXXXXXX@127.0.0.1:5432/nowhere',
    );
  });

  it('round-trips a saved query by uuid', async () => {
    const examples = await source.ctx.store.db
      .selectFrom('databases')
      .select('id')
      .where('database_name', '=', 'examples')
      .executeTakeFirstOrThrow();
    const created = await source.request('POST', '/api/v1/saved_query/', {
      token: fixture.alice,
      body: { db_id: examples.id, label: 'Top names', schema: 'main', sql: 'SELECT name FROM birth_names' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const exported = await exportZip(source, fixture.alice, 'saved_query', [id]);
    expect(exported.statusCode).toBe(200);
    const files = filesOf(new Uint8Array(exported.rawPayload));
    expect(files.get('queries/examples/main/Top_names.yaml')).toMatchObject({
      label: 'Top names',
      sql: 'SELECT name FROM birth_names',
      database_uuid: EXAMPLES_DATABASE_UUID,
    });
    expect((await exportZip(source, fixture.bob, 'saved_query', [id])).statusCode).toBe(404);
    const imported = await importZip(target, targetAdmin, 'saved_query', new Uint8Array(exported.rawPayload));
    expect(imported.statusCode, imported.body).toBe(200);
    const row = await target.ctx.store.db
      .selectFrom('saved_queries')
      .selectAll()
      .where('uuid', '=', String(files.get('queries/examples/main/Top_names.yaml')?.uuid))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ label: 'Top names', schema: 'main' });
    const twice = await importZip(target, targetAdmin, 'saved_query', new Uint8Array(exported.rawPayload));
    expect(twice.statusCode).toBe(422);
    expect(JSON.stringify(twice.json())).toContain(
      'Saved Query already exists and `overwrite=true` was not passed',
    );
  });

  it('imports a dataset file in the form Superset 5 writes, reusing the examples database by uuid', async () => {
    // Keys as Superset's own example configs spell them, including ones Tessera has no use for.
    const dataset = [
      'table_name: bundle_names',
      'main_dttm_col: ds',
      'description: null',
      'default_endpoint: null',
      'offset: 0',
      'cache_timeout: null',
      'catalog: null',
      'schema: main',
      'sql: SELECT * FROM birth_names',
      'params: null',
      'template_params: null',
      'filter_select_enabled: true',
      'fetch_values_predicate: null',
      'extra: null',
      'normalize_columns: false',
      'always_filter_main_dttm: false',
      'folders: null',
      'uuid: 4ec507ac-0000-4d2b-8dc3-cfb7c3515e76',
      'metrics:',
      '- metric_name: sum__num',
      '  verbose_name: null',
      '  metric_type: null',
      '  expression: SUM(num)',
      '  currency: null',
      '  extra: null',
      '  warning_text: null',
      'columns:',
      '- column_name: ds',
      '  is_dttm: true',
      '  is_active: true',
      '  type: TIMESTAMP WITHOUT TIME ZONE',
      '  groupby: true',
      '  filterable: true',
      '  expression: null',
      '  extra: null',
      'version: 1.0.0',
      `database_uuid: ${EXAMPLES_DATABASE_UUID}`,
      'data: https://example.invalid/birth_names.json.gz',
    ].join('\n');
    const response = await importZip(
      target,
      targetAdmin,
      'dataset',
      zipOf(
        {
          'metadata.yaml': 'version: 1.0.0\ntype: SqlaTable\ntimestamp: 2026-01-01T00:00:00.000000+00:00\n',
          'databases/examples.yaml': `database_name: examples\nsqlalchemy_uri: duckdb:////tmp/examples.db\nexpose_in_sqllab: true\nextra:\n  allows_virtual_table_explore: true\nuuid: ${EXAMPLES_DATABASE_UUID}\nversion: 1.0.0\n`,
          'datasets/examples/bundle_names.yaml': `${dataset}\n`,
        },
        'dataset_export_20260101T000000',
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await target.ctx.store.db
      .selectFrom('datasets as t')
      .innerJoin('databases as d', 'd.id', 't.database_id')
      .select(['t.id', 'd.uuid', 'd.sqlalchemy_uri'])
      .where('t.uuid', '=', '4ec507ac-0000-4d2b-8dc3-cfb7c3515e76')
      .executeTakeFirstOrThrow();
    // The examples database is reused as it is: the bundle's URI does not replace it.
    expect(row.uuid).toBe(EXAMPLES_DATABASE_UUID);
    expect(row.sqlalchemy_uri).not.toContain('/tmp/examples.db');
    const metrics = await target.ctx.store.db
      .selectFrom('dataset_metrics')
      .select('metric_name')
      .where('dataset_id', '=', row.id)
      .execute();
    expect(metrics).toEqual([{ metric_name: 'sum__num' }]);
  });

  it('imports a chart whose dataset is only on the server', async () => {
    const dataset = await target.ctx.store.db
      .selectFrom('datasets')
      .select(['id', 'uuid'])
      .where('table_name', '=', 'names')
      .executeTakeFirstOrThrow();
    const response = await importZip(
      target,
      targetAdmin,
      'chart',
      zipOf(
        {
          'metadata.yaml': { version: '1.0.0', type: 'Slice' },
          'charts/Alone_1.yaml': {
            slice_name: 'Alone',
            viz_type: 'table',
            params: { viz_type: 'table', datasource: '999__table' },
            query_context: null,
            uuid: '44444444-4444-4444-8444-444444444444',
            version: '1.0.0',
            dataset_uuid: dataset.uuid,
          },
        },
        'chart_export_20260101T000000',
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const chart = await target.ctx.store.db
      .selectFrom('slices')
      .selectAll()
      .where('uuid', '=', '44444444-4444-4444-8444-444444444444')
      .executeTakeFirstOrThrow();
    expect(chart.datasource_id).toBe(dataset.id);
    expect(JSON.parse(chart.params)).toMatchObject({ datasource: `${dataset.id}__table` });
  });
});
