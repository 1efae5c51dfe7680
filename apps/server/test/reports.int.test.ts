import {
  reportListResponseSchema,
  reportLogListResponseSchema,
  reportLogShowResponseSchema,
  reportShowResponseSchema,
} from '@tessera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimScheduledRun,
  finishRun,
  newRunUuid,
  recordScheduleState,
  workingRuns,
} from '../src/modules/reports/reports.service';
import { dashboardFixture, newChart, userIdOf, type DashboardFixture } from './dashboard-support';
import { METADATA_BACKENDS, startTestServer, type TestServer } from './harness';

const q = (rison: string) => `?q=${encodeURIComponent(rison)}`;

/** ROOT → TABS → two TABs, each with a row holding one chart. */
function tabbedLayout(chartId: number): Record<string, unknown> {
  const row = (tab: string, key: string, chart: string) => ({
    [`ROW-${key}`]: {
      id: `ROW-${key}`,
      type: 'ROW',
      children: [chart],
      parents: ['ROOT_ID', 'TABS-main', tab],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
  });
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-main'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], meta: { text: 'Tabbed' } },
    'TABS-main': { id: 'TABS-main', type: 'TABS', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID'] },
    'TAB-a': {
      id: 'TAB-a',
      type: 'TAB',
      children: ['ROW-a'],
      parents: ['ROOT_ID', 'TABS-main'],
      meta: { text: 'A' },
    },
    'TAB-b': {
      id: 'TAB-b',
      type: 'TAB',
      children: ['ROW-b'],
      parents: ['ROOT_ID', 'TABS-main'],
      meta: { text: 'B' },
    },
    ...row('TAB-a', 'a', `CHART-c${chartId}`),
    ...row('TAB-b', 'b', 'MARKDOWN-m1'),
    [`CHART-c${chartId}`]: {
      id: `CHART-c${chartId}`,
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'TABS-main', 'TAB-a', 'ROW-a'],
      meta: { chartId, width: 4, height: 50 },
    },
    'MARKDOWN-m1': {
      id: 'MARKDOWN-m1',
      type: 'MARKDOWN',
      children: [],
      parents: ['ROOT_ID', 'TABS-main', 'TAB-b', 'ROW-b'],
      meta: { code: 'notes', width: 4, height: 50 },
    },
  };
}

describe.each(METADATA_BACKENDS)('report API on %s metadata', (backend) => {
  let server: TestServer;
  let fx: DashboardFixture;
  let chartId: number;
  let dashboardId: number;
  let databaseId: number;
  let bobId: number;

  const post = (token: string, body: unknown) => server.request('POST', '/api/v1/report/', { token, body });
  const put = (token: string, id: number, body: unknown) =>
    server.request('PUT', `/api/v1/report/${id}`, { token, body });
  const show = async (token: string, id: number) => {
    const response = await server.request('GET', `/api/v1/report/${id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return reportShowResponseSchema.parse(response.json()).result;
  };
  const list = async (token: string, rison = '()') => {
    const response = await server.request('GET', `/api/v1/report/${q(rison)}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return reportListResponseSchema.parse(response.json());
  };
  const chartReport = (name: string, extra: Record<string, unknown> = {}) => ({
    type: 'Report',
    name,
    crontab: '0 9 * * 1',
    chart: chartId,
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    ...extra,
  });
  const alert = (name: string, extra: Record<string, unknown> = {}) => ({
    type: 'Alert',
    name,
    crontab: '*/10 * * * *',
    chart: chartId,
    database: databaseId,
    sql: 'SELECT 1',
    validator_type: 'operator',
    validator_config_json: { op: '>', threshold: 0 },
    ...extra,
  });
  const created = async (token: string, body: unknown): Promise<number> => {
    const response = await post(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const fieldErrors = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ message: Record<string, string[]> }>().message;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { examples: true });
    fx = await dashboardFixture(server);
    chartId = fx.charts[0] ?? 0;
    bobId = await userIdOf(server, fx.bob);
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: fx.alice,
      body: { dashboard_title: 'Tabbed', position_json: JSON.stringify(tabbedLayout(chartId)) },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(201);
    dashboardId = dashboard.json<{ id: number }>().id;
    const databases = await server.request('GET', '/api/v1/database/', { token: fx.admin });
    const examples = databases
      .json<{ result: { id: number; database_name: string }[] }>()
      .result.find((database) => database.database_name === 'examples');
    databaseId = examples?.id ?? 0;
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates a chart report with the reference defaults and shows it', async () => {
    const response = await post(fx.alice, chartReport('Weekly names'));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ id: number; result: Record<string, unknown> }>();
    expect(body.result).toMatchObject({ type: 'Report', name: 'Weekly names', chart: chartId });

    const report = await show(fx.alice, body.id);
    expect(report).toMatchObject({
      id: body.id,
      type: 'Report',
      name: 'Weekly names',
      active: true,
      crontab: '0 9 * * 1',
      crontab_humanized: 'At 09:00 AM, only on Monday',
      timezone: 'UTC',
      creation_method: 'alerts_reports',
      chart_id: chartId,
      chart: { id: chartId, slice_name: 'First', viz_type: 'table' },
      dashboard: null,
      database: null,
      report_format: 'PNG',
      log_retention: 90,
      grace_period: 14_400,
      working_timeout: 3600,
      force_screenshot: false,
      custom_width: null,
      last_state: null,
      last_eval_dttm: null,
      owners: [{ id: fx.aliceId, first_name: 'alice', last_name: 'Tester' }],
      created_by: { id: fx.aliceId, first_name: 'alice', last_name: 'Tester' },
      extra: {},
    });
    expect(report.recipients).toEqual([
      {
        id: expect.any(Number) as unknown,
        type: 'Email',
        recipient_config_json: '{"target":"team@example.com"}',
      },
    ]);
  });

  it('creates an alert on a database, and a dashboard report with valid tabs', async () => {
    const alertId = await created(
      fx.alice,
      alert('Too many names', { report_format: 'CSV', custom_width: 600 }),
    );
    const stored = await show(fx.alice, alertId);
    expect(stored).toMatchObject({
      type: 'Alert',
      database: { id: databaseId, database_name: 'examples' },
      sql: 'SELECT 1',
      validator_type: 'operator',
      crontab_humanized: 'Every 10 minutes',
      report_format: 'CSV',
      custom_width: 600,
    });
    expect(JSON.parse(stored.validator_config_json ?? 'null')).toEqual({ op: '>', threshold: 0 });

    const dashboardReport = await created(fx.alice, {
      type: 'Report',
      name: 'Tabbed PDF',
      crontab: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      dashboard: dashboardId,
      report_format: 'PDF',
      custom_width: 2400,
      extra: { dashboard: { activeTabs: ['TAB-a', 'TAB-b'] } },
      recipients: [{ type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/r' } }],
    });
    expect(await show(fx.alice, dashboardReport)).toMatchObject({
      dashboard: { id: dashboardId, dashboard_title: 'Tabbed' },
      timezone: 'Europe/Paris',
      crontab_humanized: 'At 09:00 AM, Monday through Friday',
      extra: { dashboard: { activeTabs: ['TAB-a', 'TAB-b'] } },
    });
  });

  it('refuses what reference §10 refuses at the schema with 400 and field messages', async () => {
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ crontab: 'not a cron' }, 'crontab', 'Invalid cron expression'],
      [{ crontab: '0 0 31 2 *' }, 'crontab', 'Invalid cron expression'],
      [{ crontab: '0 0 0 * * *' }, 'crontab', 'Invalid cron expression'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'Not a valid time zone.'],
      [{ custom_width: 599 }, 'custom_width', 'Screenshot width must be between 600px and 2400px'],
      [{ custom_width: 2401 }, 'custom_width', 'Screenshot width must be between 600px and 2400px'],
      [{ log_retention: 0 }, 'log_retention', /Too small/i],
      [{ grace_period: 0 }, 'grace_period', /Too small/i],
      [{ working_timeout: 0 }, 'working_timeout', /Too small/i],
      [{ name: 'x'.repeat(151) }, 'name', /Too big/i],
      [{ name: '  ' }, 'name', 'Name is required.'],
      [{ report_format: 'GIF' }, 'report_format', /Invalid option/i],
      [{ surprise: 1 }, 'surprise', 'Unknown field.'],
      [
        { recipients: [{ type: 'Slack', recipient_config_json: { target: '#general' } }] },
        'recipients.0.type',
        'Slack is not supported here; use Email or Webhook.',
      ],
      [
        { recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com, nope' } }] },
        'recipients.0.recipient_config_json.target',
        'Not a valid e-mail address: nope',
      ],
      [
        {
          recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com', ccTarget: 'b@' } }],
        },
        'recipients.0.recipient_config_json.ccTarget',
        'Not a valid e-mail address: b@',
      ],
      [
        { recipients: [{ type: 'Webhook', recipient_config_json: { target: 'ftp://example.com/x' } }] },
        'recipients.0.recipient_config_json.target',
        'Must be an http(s) URL.',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const errors = fieldErrors(await post(fx.alice, chartReport('Bad shape', patch)), 400);
      const messages = errors[field] ?? [];
      expect(
        messages.some((text) => (typeof message === 'string' ? text === message : message.test(text))),
        JSON.stringify(errors),
      ).toBe(true);
    }
    const missing = fieldErrors(await post(fx.alice, { type: 'Report' }), 400);
    expect(missing.name).toEqual(['Missing data for required field.']);
    expect(missing.crontab).toEqual(['Missing data for required field.']);
    expect((await post(fx.alice, 'nonsense')).statusCode).toBe(400);
    expect((await list(fx.admin, "(filters:!((col:name,opr:eq,value:'Bad shape')))")).count).toBe(0);
  });

  it('refuses what the create command checks with 422 and every message at its field', async () => {
    await created(fx.alice, chartReport('Taken name'));
    const taken = fieldErrors(await post(fx.alice, chartReport('Taken name')), 422);
    expect(taken.name).toEqual(['A report named "Taken name" already exists']);
    // Names are unique per type: an alert may share a report's name.
    await created(fx.alice, alert('Taken name'));
    expect(fieldErrors(await post(fx.alice, alert('Taken name')), 422).name).toEqual([
      'An alert named "Taken name" already exists',
    ]);

    expect(fieldErrors(await post(fx.alice, alert('No db', { database: null })), 422)).toEqual({
      database: ['Database is required for alerts'],
    });
    expect(fieldErrors(await post(fx.alice, chartReport('With db', { database: databaseId })), 422)).toEqual({
      database: ['Database reference is not allowed on a report'],
    });
    expect(fieldErrors(await post(fx.alice, chartReport('Both', { dashboard: dashboardId })), 422)).toEqual({
      chart: ['Choose a chart or dashboard not both'],
    });
    expect(fieldErrors(await post(fx.alice, chartReport('Neither', { chart: null })), 422)).toEqual({
      chart: ['Please save your chart first, then try creating a new email report.'],
    });
    expect(fieldErrors(await post(fx.alice, chartReport('Ghost chart', { chart: 999_999 })), 422)).toEqual({
      chart: ['Chart does not exist'],
    });
    expect(
      fieldErrors(await post(fx.alice, chartReport('Ghost board', { chart: null, dashboard: 999_999 })), 422),
    ).toEqual({ dashboard: ['Dashboard does not exist'] });
    expect(fieldErrors(await post(fx.alice, alert('Ghost db', { database: 999_999 })), 422)).toEqual({
      database: ['Database does not exist'],
    });
    expect(
      fieldErrors(await post(fx.alice, alert('Empty alert', { sql: ' ', validator_type: null })), 422),
    ).toEqual({
      sql: ['SQL is required for alerts'],
      validator_type: ['A validator type is required for alerts'],
    });
    expect(
      fieldErrors(await post(fx.alice, alert('No threshold', { validator_config_json: { op: '<' } })), 422),
    ).toEqual({ validator_config_json: ['An operator validator needs op and threshold'] });
    expect(
      fieldErrors(
        await post(fx.alice, {
          type: 'Report',
          name: 'Bad tabs',
          crontab: '0 9 * * *',
          dashboard: dashboardId,
          extra: { dashboard: { activeTabs: ['TAB-a', 'TAB-nope'] } },
        }),
        422,
      ),
    ).toEqual({ extra: ['Invalid tab ids: TAB-nope'] });
    // Superset's form of several chosen tabs: the anchor as a JSON list; a single anchor is one tab.
    for (const anchor of [JSON.stringify(['TAB-a', 'TAB-gone']), 'TAB-gone']) {
      expect(
        fieldErrors(
          await post(fx.alice, {
            type: 'Report',
            name: 'Bad anchor',
            crontab: '0 9 * * *',
            dashboard: dashboardId,
            extra: { dashboard: { anchor } },
          }),
          422,
        ),
      ).toEqual({ extra: ['Invalid tab ids: TAB-gone'] });
    }
    expect(
      fieldErrors(
        await post(
          fx.alice,
          chartReport('Tabs on chart', { extra: { dashboard: { activeTabs: ['TAB-a'] } } }),
        ),
        422,
      ),
    ).toEqual({ extra: ['Invalid tab ids: TAB-a'] });
    expect(fieldErrors(await post(fx.alice, chartReport('Ghost owner', { owners: [999_999] })), 422)).toEqual(
      {
        owners: ['Owners are invalid'],
      },
    );
    // Several problems are answered together.
    const many = fieldErrors(await post(fx.alice, alert('Taken name', { database: null, chart: null })), 422);
    expect(Object.keys(many).sort()).toEqual(['chart', 'database', 'name']);
  });

  it('answers 409 with issue 1010 to a second self-subscribed report on one chart', async () => {
    const chart = await newChart(server, fx.alice, fx.datasetId, 'Subscribed');
    const body = (name: string) => chartReport(name, { chart, creation_method: 'charts' });
    await created(fx.alice, body('Mine'));
    const second = await post(fx.alice, body('Mine again'));
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({
      errors: [
        {
          message: 'Resource already has an attached report.',
          error_type: 'GENERIC_COMMAND_ERROR',
          level: 'warning',
          extra: { issue_codes: [{ code: 1010, message: expect.stringContaining('Issue 1010') as unknown }] },
        },
      ],
    });
    // Another user subscribes to the same chart for themselves.
    await created(fx.bob, body('Bob subscribes'));
    const byMethod = await list(
      fx.alice,
      `(filters:!((col:chart_id,opr:eq,value:${chart}),(col:creation_method,opr:eq,value:charts)))`,
    );
    expect(byMethod.result.map((report) => report.name).sort()).toEqual(['Bob subscribes', 'Mine']);
    // The same on a dashboard; any earlier schedule of the user's on it counts, as in Superset.
    const fresh = await server.request('POST', '/api/v1/dashboard/', {
      token: fx.alice,
      body: { dashboard_title: 'Subscribed board' },
    });
    const boardId = fresh.json<{ id: number }>().id;
    const board = { type: 'Report', crontab: '0 8 * * *', dashboard: boardId, creation_method: 'dashboards' };
    await created(fx.alice, { ...board, name: 'Board mine' });
    expect((await post(fx.alice, { ...board, name: 'Board again' })).statusCode).toBe(409);
    expect(
      (await post(fx.alice, { ...board, name: 'Tabbed again', dashboard: dashboardId })).statusCode,
    ).toBe(409);
    expect(
      (await post(fx.alice, { ...board, name: 'Board by hand', creation_method: 'alerts_reports' }))
        .statusCode,
    ).toBe(201);
    await server.request(
      'DELETE',
      `/api/v1/report/${q(`!(${(await list(fx.alice, `(filters:!((col:dashboard_id,opr:eq,value:${boardId})))`)).ids.join(',')})`)}`,
      {
        token: fx.alice,
      },
    );
  });

  it('lists with the rison filters, order and paging', async () => {
    const active = await created(fx.bob, chartReport('Listed active bob'));
    await put(fx.bob, active, { active: false });
    const all = await list(fx.admin, '(page_size:100)');
    expect(all.count).toBe(all.result.length);
    expect(all.ids).toEqual(all.result.map((report) => report.id));
    const names = (result: { name: string }[]) => result.map((report) => report.name);

    const byCreator = await list(
      fx.admin,
      `(filters:!((col:created_by,opr:rel_o_m,value:${bobId})),page_size:100)`,
    );
    expect(byCreator.result.every((report) => report.created_by?.id === bobId)).toBe(true);
    expect(names(byCreator.result)).toContain('Listed active bob');

    const inactive = await list(fx.admin, '(filters:!((col:active,opr:eq,value:!f)))');
    expect(names(inactive.result)).toEqual(['Listed active bob']);
    const alerts = await list(fx.admin, '(filters:!((col:type,opr:eq,value:Alert)),page_size:100)');
    expect(alerts.result.length).toBeGreaterThan(0);
    expect(alerts.result.every((report) => report.type === 'Alert')).toBe(true);
    const onDashboard = await list(fx.admin, `(filters:!((col:dashboard_id,opr:eq,value:${dashboardId})))`);
    expect(onDashboard.result.every((report) => report.dashboard_id === dashboardId)).toBe(true);
    expect(onDashboard.count).toBeGreaterThan(0);
    const search = await list(fx.admin, "(filters:!((col:name,opr:ct,value:'TABBED')))");
    expect(names(search.result)).toEqual(['Tabbed PDF']);
    const owned = await list(fx.admin, `(filters:!((col:owners,opr:rel_m_m,value:${bobId})),page_size:100)`);
    expect(names(owned.result)).toContain('Listed active bob');

    const ordered = await list(fx.admin, '(order_column:name,order_direction:asc,page_size:100)');
    expect(names(ordered.result)).toEqual(
      [...names(ordered.result)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const page = await list(fx.admin, '(order_column:name,order_direction:asc,page:1,page_size:2)');
    expect(names(page.result)).toEqual(names(ordered.result).slice(2, 4));
    expect(page.count).toBe(ordered.count);
    expect(all.result[0]?.changed_on_delta_humanized).toBe('a few seconds ago');

    const columns = await server.request('GET', `/api/v1/report/${q('(columns:!(id,name),page_size:1)')}`, {
      token: fx.admin,
    });
    expect(Object.keys(columns.json<{ result: object[] }>().result[0] ?? {}).sort()).toEqual(['id', 'name']);

    for (const bad of [
      '(filters:!((col:sql,opr:ct,value:x)))',
      '(order_column:sql)',
      '(filters:!((col:active,opr:eq,value:maybe)))',
    ]) {
      const response = await server.request('GET', `/api/v1/report/${q(bad)}`, { token: fx.admin });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('shows each caller only the schedules they may see', async () => {
    const gammaList = await list(fx.gamma, '(page_size:100)');
    expect(gammaList.count).toBe(0);
    const aliceReport = (await list(fx.alice, "(filters:!((col:name,opr:eq,value:'Weekly names')))"))
      .result[0];
    if (!aliceReport) throw new Error('no report');
    expect(
      (await server.request('GET', `/api/v1/report/${aliceReport.id}`, { token: fx.gamma })).statusCode,
    ).toBe(404);
    // Alpha reads every dataset, so sees every schedule (Superset's ReportScheduleFilter).
    expect(
      (await server.request('GET', `/api/v1/report/${aliceReport.id}`, { token: fx.bob })).statusCode,
    ).toBe(200);
    // Gamma reads no dataset: the chart is not theirs to report on.
    expect(fieldErrors(await post(fx.gamma, chartReport('Gamma try')), 422)).toEqual({
      chart: ['Chart does not exist'],
    });
    const info = await server.request('GET', '/api/v1/report/_info', { token: fx.gamma });
    expect(info.json()).toEqual({ permissions: ['can_read', 'can_write'] });
  });

  it('updates fields or just active, owners only', async () => {
    const id = await created(fx.alice, chartReport('To update', { owners: [fx.aliceId] }));
    const toggled = await put(fx.alice, id, { active: false });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toEqual({ id, result: { active: false } });
    expect((await show(fx.alice, id)).active).toBe(false);

    const changed = await put(fx.alice, id, {
      name: 'Updated',
      crontab: '30 14 * * *',
      timezone: 'America/New_York',
      report_format: 'TEXT',
      log_retention: 0,
      owners: [fx.aliceId, bobId],
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'x@example.com', bccTarget: 'y@example.com' } },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await show(fx.alice, id);
    expect(after).toMatchObject({
      name: 'Updated',
      crontab_humanized: 'At 02:30 PM',
      timezone: 'America/New_York',
      report_format: 'TEXT',
      log_retention: 0,
      owners: [expect.objectContaining({ id: fx.aliceId }), expect.objectContaining({ id: bobId })],
    });
    expect(after.recipients.map((recipient): unknown => JSON.parse(recipient.recipient_config_json))).toEqual(
      [{ target: 'x@example.com', bccTarget: 'y@example.com' }],
    );

    // Bob is an owner now; the admin's own schedule is not bob's to change.
    const adminOwned = await created(fx.admin, chartReport('Admin owned'));
    const refused = await put(fx.bob, adminOwned, { active: false });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ message: 'Changing this report is forbidden' });
    expect((await show(fx.admin, adminOwned)).active).toBe(true);
    expect((await put(fx.gamma, adminOwned, { active: false })).statusCode).toBe(404);
    expect((await put(fx.alice, 999_999, { active: false })).statusCode).toBe(404);

    expect(fieldErrors(await put(fx.alice, id, { name: 'Taken name' }), 422)).toEqual({
      name: ['A report named "Taken name" already exists'],
    });
    expect(fieldErrors(await put(fx.alice, id, { type: 'Alert' }), 422)).toMatchObject({
      database: ['Database is required for alerts'],
    });
    expect(fieldErrors(await put(fx.alice, id, { crontab: '61 * * * *' }), 400)).toEqual({
      crontab: ['Invalid cron expression'],
    });
    expect(fieldErrors(await put(fx.alice, id, { custom_width: 100 }), 400)).toHaveProperty('custom_width');
    expect(fieldErrors(await put(fx.alice, id, { active: 'yes' }), 400)).toHaveProperty('active');
    expect((await show(fx.alice, id)).name).toBe('Updated');
  });

  it('deletes one or many, owners only and all or nothing', async () => {
    const one = await created(fx.alice, chartReport('Delete one'));
    const two = await created(fx.alice, chartReport('Delete two'));
    const three = await created(fx.alice, chartReport('Delete three'));
    const adminOwned = await created(fx.admin, chartReport('Admin keeps'));

    expect((await server.request('DELETE', `/api/v1/report/${one}`, { token: fx.bob })).statusCode).toBe(403);
    const deleted = await server.request('DELETE', `/api/v1/report/${one}`, { token: fx.alice });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'OK' });
    expect((await server.request('GET', `/api/v1/report/${one}`, { token: fx.alice })).statusCode).toBe(404);

    const withUnknown = await server.request('DELETE', `/api/v1/report/${q(`!(${two},999999)`)}`, {
      token: fx.alice,
    });
    expect(withUnknown.statusCode).toBe(404);
    const notOwned = await server.request('DELETE', `/api/v1/report/${q(`!(${two},${adminOwned})`)}`, {
      token: fx.alice,
    });
    expect(notOwned.statusCode).toBe(403);
    expect((await show(fx.alice, two)).name).toBe('Delete two');

    const bulk = await server.request('DELETE', `/api/v1/report/${q(`!(${two},${three})`)}`, {
      token: fx.alice,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ message: 'Deleted 2 report schedules' });
    expect(
      (await server.request('DELETE', `/api/v1/report/${q('!()')}`, { token: fx.alice })).statusCode,
    ).toBe(400);
  });

  it('claims each scheduled instant once and serves the execution log', async () => {
    const id = await created(fx.alice, chartReport('Logged'));
    const other = await created(fx.alice, chartReport('Logged other'));
    const db = server.ctx.store.db;
    const instant = '2026-11-30T09:00:00.000Z';
    const first = await claimScheduledRun(db, { reportId: id, scheduledDttm: instant, uuid: newRunUuid() });
    const again = await claimScheduledRun(db, { reportId: id, scheduledDttm: instant, uuid: newRunUuid() });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    if (first === null) throw new Error('not claimed');
    expect(await finishRun(db, first, { state: 'Success', value: 3.5, valueRowJson: '{"n":3.5}' })).toBe(
      true,
    );
    // A late finisher cannot overwrite the recorded end.
    expect(await finishRun(db, first, { state: 'Error', errorMessage: 'late' })).toBe(false);
    const later = await claimScheduledRun(db, {
      reportId: id,
      scheduledDttm: '2026-12-07T09:00:00.000Z',
      uuid: newRunUuid(),
      startDttm: '2026-12-07T09:00:01.000Z',
    });
    if (later === null) throw new Error('not claimed');
    await recordScheduleState(db, id, { lastState: 'Working', lastEvalDttm: '2026-12-07T09:00:01.000Z' });
    const stuck = await workingRuns(db, '2026-12-07T10:00:00.000Z');
    expect(stuck.filter((run) => run.report_schedule_id === id)).toEqual([
      expect.objectContaining({ id: later, state: 'Working', working_timeout: 3600 }),
    ]);
    expect((await workingRuns(db, '2026-12-07T09:00:00.000Z')).some((run) => run.id === later)).toBe(false);

    const logs = await server.request('GET', `/api/v1/report/${id}/log/`, { token: fx.alice });
    expect(logs.statusCode, logs.body).toBe(200);
    const parsed = reportLogListResponseSchema.parse(logs.json());
    expect(parsed.count).toBe(2);
    expect(parsed.result.map((log) => log.state)).toEqual(['Working', 'Success']);
    expect(parsed.result[1]).toMatchObject({
      id: first,
      scheduled_dttm: instant,
      value: 3.5,
      value_row_json: '{"n":3.5}',
      error_message: null,
    });
    const successOnly = await server.request(
      'GET',
      `/api/v1/report/${id}/log/${q('(filters:!((col:state,opr:eq,value:Success)))')}`,
      {
        token: fx.alice,
      },
    );
    expect(reportLogListResponseSchema.parse(successOnly.json()).ids).toEqual([first]);

    const one = await server.request('GET', `/api/v1/report/${id}/log/${first}`, { token: fx.alice });
    expect(one.statusCode, one.body).toBe(200);
    expect(reportLogShowResponseSchema.parse(one.json())).toMatchObject({
      id: first,
      result: { state: 'Success' },
    });
    expect(
      (await server.request('GET', `/api/v1/report/${other}/log/${first}`, { token: fx.alice })).statusCode,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/v1/report/${id}/log/999999`, { token: fx.alice })).statusCode,
    ).toBe(404);
    expect((await server.request('GET', `/api/v1/report/${id}/log/`, { token: fx.gamma })).statusCode).toBe(
      404,
    );
    expect(await show(fx.alice, id)).toMatchObject({
      last_state: 'Working',
      last_eval_dttm: '2026-12-07T09:00:01.000Z',
    });

    // Deleting the schedule takes its log with it.
    await server.request('DELETE', `/api/v1/report/${id}`, { token: fx.alice });
    expect(
      await db.selectFrom('report_execution_log').select('id').where('report_schedule_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('refuses deleting a chart, dashboard or database an alert or report uses', async () => {
    const chart = await newChart(server, fx.alice, fx.datasetId, 'Referenced');
    const dashboard = await server.request('POST', '/api/v1/dashboard/', {
      token: fx.alice,
      body: { dashboard_title: 'Referenced board' },
    });
    const board = dashboard.json<{ id: number }>().id;
    const onChart = await created(fx.alice, chartReport('Uses chart', { chart }));
    const onBoard = await created(fx.alice, {
      type: 'Report',
      name: 'Uses board',
      crontab: '0 0 * * *',
      dashboard: board,
    });
    await created(fx.alice, alert('Uses database', { chart }));

    const chartDelete = await server.request('DELETE', `/api/v1/chart/${chart}`, { token: fx.alice });
    expect(chartDelete.statusCode).toBe(422);
    expect(chartDelete.json()).toEqual({
      message: 'There are associated alerts or reports: Uses chart,Uses database',
    });
    const boardDelete = await server.request('DELETE', `/api/v1/dashboard/${board}`, { token: fx.alice });
    expect(boardDelete.statusCode).toBe(422);
    expect(boardDelete.json()).toEqual({ message: 'There are associated alerts or reports: Uses board' });

    // The database also holds datasets, so a scratch database shows the report check alone.
    const scratch = await server.request('POST', '/api/v1/database/', {
      token: fx.admin,
      body: { database_name: `scratch-${backend}`, sqlalchemy_uri: 'sqlite://' },
    });
    expect(scratch.statusCode, scratch.body).toBe(201);
    const scratchId = scratch.json<{ id: number }>().id;
    await created(fx.admin, alert('Scratch alert', { database: scratchId }));
    const databaseDelete = await server.request('DELETE', `/api/v1/database/${scratchId}`, {
      token: fx.admin,
    });
    expect(databaseDelete.statusCode).toBe(422);
    expect(databaseDelete.json()).toEqual({
      message: 'There are associated alerts or reports: Scratch alert',
    });

    await server.request('DELETE', `/api/v1/report/${onBoard}`, { token: fx.alice });
    expect(
      (await server.request('DELETE', `/api/v1/dashboard/${board}`, { token: fx.alice })).statusCode,
    ).toBe(200);
    const remaining = await list(fx.alice, `(filters:!((col:chart_id,opr:eq,value:${chart})))`);
    await server.request('DELETE', `/api/v1/report/${q(`!(${remaining.ids.join(',')})`)}`, {
      token: fx.alice,
    });
    expect(remaining.ids).toContain(onChart);
    expect((await server.request('DELETE', `/api/v1/chart/${chart}`, { token: fx.alice })).statusCode).toBe(
      200,
    );
  });
});

describe('report API settings', () => {
  it('answers 404 on every route while ALERT_REPORTS is off', async () => {
    const server = await startTestServer('sqlite', {
      configFile: { feature_flags: { ALERT_REPORTS: false } },
    });
    try {
      const token = await server.token();
      for (const url of [
        '/api/v1/report/',
        '/api/v1/report/1',
        '/api/v1/report/1/log/',
        '/api/v1/report/_info',
      ]) {
        expect((await server.request('GET', url, { token })).statusCode, url).toBe(404);
      }
      const post = await server.request('POST', '/api/v1/report/', {
        token,
        body: { type: 'Report', name: 'x', crontab: '0 0 * * *', chart: 1 },
      });
      expect(post.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses schedules more frequent than the configured minimum intervals', async () => {
    const server = await startTestServer('sqlite', {
      examples: true,
      configFile: { constants: { REPORT_MINIMUM_INTERVAL: 3600, ALERT_MINIMUM_INTERVAL: 600 } },
    });
    try {
      const fx = await dashboardFixture(server);
      const chart = fx.charts[0];
      const databases = await server.request('GET', '/api/v1/database/', { token: fx.admin });
      const database = databases
        .json<{ result: { id: number; database_name: string }[] }>()
        .result.find((row) => row.database_name === 'examples')?.id;
      const body = (type: string, crontab: string) => ({
        type,
        name: `${type} ${crontab}`,
        crontab,
        chart,
        ...(type === 'Alert' ? { database, sql: 'SELECT 1', validator_type: 'not null' } : {}),
      });
      const refusal = await server.request('POST', '/api/v1/report/', {
        token: fx.alice,
        body: body('Report', '*/30 * * * *'),
      });
      expect(refusal.statusCode, refusal.body).toBe(422);
      expect(refusal.json()).toEqual({
        message: {
          crontab: [
            'Report schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 60 minutes per execution.',
          ],
        },
      });
      // Uneven gaps count by the shortest one.
      expect(
        (
          await server.request('POST', '/api/v1/report/', {
            token: fx.alice,
            body: body('Report', '0,30 9 * * *'),
          })
        ).statusCode,
      ).toBe(422);
      expect(
        (
          await server.request('POST', '/api/v1/report/', {
            token: fx.alice,
            body: body('Report', '0 * * * *'),
          })
        ).statusCode,
      ).toBe(201);
      const alertRefusal = await server.request('POST', '/api/v1/report/', {
        token: fx.alice,
        body: body('Alert', '*/5 * * * *'),
      });
      expect(alertRefusal.statusCode, alertRefusal.body).toBe(422);
      expect(alertRefusal.json<{ message: { crontab: string[] } }>().message.crontab[0]).toContain(
        'minimum interval of 10 minutes',
      );
      expect(
        (
          await server.request('POST', '/api/v1/report/', {
            token: fx.alice,
            body: body('Alert', '*/10 * * * *'),
          })
        ).statusCode,
      ).toBe(201);
    } finally {
      await server.close();
    }
  });
});
