import {
  REPORT_MESSAGES,
  reportNameTakenMessage,
  type ReportCreationMethod,
  type ReportExtra,
  type ReportType,
  type ReportValidatorConfig,
  type ReportValidatorType,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { canSeeChart } from '../charts/chart-access';
import { findChart } from '../charts/charts.service';
import { canSeeDashboard, findDashboardByRef } from '../dashboards/dashboard-access';
import { dashboardTabs } from '../dashboards/dashboard-reads.service';
import { canAccessDatabase, findDatabase } from '../databases/databases.service';
import type { Principal } from '../security/principal';
import { namedTabIds } from './report-tabs';
import { checkCustomWidth, frequencyProblem, parsedCron } from './report-schedule-checks';
import { findReportByName } from './reports.repo';

/** A schedule as it would be stored after the write: POST's fields, or PUT's merged over the row. */
export interface ScheduleCandidate {
  type: ReportType;
  name: string;
  crontab: string;
  timezone: string;
  chart: number | null;
  dashboard: number | null;
  database: number | null;
  sql: string | null;
  validator_type: ReportValidatorType | null;
  validator_config: ReportValidatorConfig | null;
  extra: ReportExtra;
  custom_width: number | null;
  creation_method: ReportCreationMethod;
}

type Field = keyof ScheduleCandidate;

/**
 * Every check of reference §10 on a candidate. Shape problems Superset's schema finds (cron, width)
 * are a 400; the command's checks are gathered and answered together as 422 `{field: [msgs]}`.
 * `changed` names the fields the request set: checks of untouched fields are skipped, so that toggling
 * `active` works even after, say, the owner lost access to the chart.
 */
export async function checkSchedule(
  ctx: AppContext,
  principal: Principal,
  candidate: ScheduleCandidate,
  changed: ReadonlySet<Field> | 'all',
  exceptId: number | null,
): Promise<void> {
  const touched = (...fields: Field[]) => changed === 'all' || fields.some((field) => changed.has(field));
  const constants = ctx.config.constants;
  const cron = touched('crontab', 'timezone', 'type')
    ? parsedCron(candidate.crontab, candidate.timezone)
    : null;
  if (touched('custom_width')) checkCustomWidth(candidate.custom_width, constants);

  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
  const db = ctx.store.db;

  if (touched('name', 'type')) {
    const other = await findReportByName(db, candidate.type, candidate.name);
    if (other && other.id !== exceptId) add('name', reportNameTakenMessage(candidate.type, candidate.name));
  }

  if (candidate.chart !== null && candidate.dashboard !== null) {
    add('chart', REPORT_MESSAGES.chartAndDashboard);
  } else if (candidate.chart === null && candidate.dashboard === null) {
    add('chart', REPORT_MESSAGES.chartOrDashboard);
  }
  if (candidate.chart !== null && touched('chart')) {
    const chart = await findChart(db, candidate.chart);
    if (!chart || !(await canSeeChart(ctx, principal, chart))) add('chart', REPORT_MESSAGES.chartMissing);
  }
  // activeTabs, and the anchor (one id, or Superset's JSON list of the tabs chosen), must be TABs.
  const named = namedTabIds(candidate.extra.dashboard);
  const tabIds = named.anchor === null ? named.tabs : [...named.tabs, named.anchor];
  if (candidate.dashboard !== null && touched('dashboard', 'extra')) {
    const dashboard = await findDashboardByRef(ctx, String(candidate.dashboard));
    if (!dashboard || !(await canSeeDashboard(ctx, principal, dashboard))) {
      add('dashboard', REPORT_MESSAGES.dashboardMissing);
    } else if (tabIds.length > 0) {
      const known = (await dashboardTabs(ctx, principal, String(dashboard.id))).all_tabs;
      const invalid = [...new Set(tabIds)].filter((tabId) => !Object.hasOwn(known, tabId));
      if (invalid.length > 0) add('extra', `Invalid tab ids: ${invalid.join(', ')}`);
    }
  } else if (candidate.dashboard === null && tabIds.length > 0 && touched('dashboard', 'extra')) {
    // Tabs belong to a dashboard's layout; a chart report has none to choose.
    add('extra', `Invalid tab ids: ${tabIds.join(', ')}`);
  }

  if (candidate.type === 'Alert') {
    if (candidate.database === null) add('database', REPORT_MESSAGES.databaseRequired);
    else if (touched('database')) {
      const database = await findDatabase(db, candidate.database);
      if (!database || !canAccessDatabase(principal, database)) {
        add('database', REPORT_MESSAGES.databaseMissing);
      }
    }
    if (candidate.sql === null || candidate.sql.trim() === '') add('sql', REPORT_MESSAGES.sqlRequired);
    if (candidate.validator_type === null) add('validator_type', REPORT_MESSAGES.validatorRequired);
    if (
      candidate.validator_type === 'operator' &&
      (candidate.validator_config?.op === undefined || candidate.validator_config.threshold === undefined)
    ) {
      add('validator_config_json', REPORT_MESSAGES.validatorConfigRequired);
    }
  } else if (candidate.database !== null) {
    add('database', REPORT_MESSAGES.databaseNotAllowed);
  }

  if (cron !== null) {
    const problem = frequencyProblem(cron, candidate.type, constants);
    if (problem !== null) add('crontab', problem);
  }

  if (errors.size > 0) throw messageError(422, Object.fromEntries(errors));
}
