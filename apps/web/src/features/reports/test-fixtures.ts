import type { Bootstrap, ReportSchedule } from '@tessera/contracts';
import { TEST_BOOTSTRAP } from '../../test/dom-test';

/** The test bootstrap with ALERT_REPORTS on (as the server's default sends it). */
export const REPORTS_BOOTSTRAP: Bootstrap = {
  ...TEST_BOOTSTRAP,
  common: {
    conf: { SUPERSET_WEBSERVER_TIMEOUT: 5, ALERT_REPORTS_DEFAULT_CRON_VALUE: '0 0 * * *' },
    feature_flags: { ALERT_REPORTS: true },
    version: 'test',
  },
};

export function reportSchedule(
  id: number,
  name: string,
  change: Partial<ReportSchedule> = {},
): ReportSchedule {
  return {
    id,
    type: 'Report',
    name,
    description: null,
    email_subject: null,
    context_markdown: null,
    active: true,
    crontab: '0 9 * * 1',
    crontab_humanized: 'At 09:00 AM, only on Monday',
    timezone: 'UTC',
    creation_method: 'alerts_reports',
    sql: null,
    chart_id: 3,
    dashboard_id: null,
    database_id: null,
    chart: { id: 3, slice_name: 'Births', viz_type: 'table' },
    dashboard: null,
    database: null,
    owners: [{ id: 1, first_name: 'Ada', last_name: 'Min' }],
    recipients: [{ id: 1, type: 'Email', recipient_config_json: '{"target":"a@example.com"}' }],
    validator_type: null,
    validator_config_json: null,
    log_retention: 90,
    grace_period: 14400,
    working_timeout: 3600,
    report_format: 'PNG',
    extra: {},
    force_screenshot: false,
    custom_width: null,
    last_eval_dttm: null,
    last_state: null,
    last_value: null,
    last_value_row_json: null,
    created_by: { id: 1, first_name: 'Ada', last_name: 'Min' },
    changed_by: null,
    created_on: '2026-01-01T00:00:00.000Z',
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: '2 days ago',
    ...change,
  };
}

export const listBody = (rows: ReportSchedule[]) => ({
  count: rows.length,
  ids: rows.map((row) => row.id),
  result: rows,
});

export const risonOf = (url: string): string =>
  decodeURIComponent(new URL(url, 'http://localhost').searchParams.get('q') ?? '');
