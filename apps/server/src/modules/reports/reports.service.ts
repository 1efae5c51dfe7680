import { randomUUID } from 'node:crypto';
import {
  REPORT_DEFAULTS,
  REPORT_MESSAGES,
  DEFAULT_REPORT_FORMAT,
  type ListQuery,
  type ReportCreate,
  type ReportExecutionLog,
  type ReportRecipientInput,
  type ReportSchedule,
  type ReportUpdate,
  type ReportValidatorConfig,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { toFlag } from '../../db/kysely';
import { forbidden, notFound, sip40Error } from '../../platform/errors';
import { resolveOwners } from '../security/owners';
import type { Principal } from '../security/principal';
import { changeableReport, visibleReport } from './report-access';
import { storedExtra, toReportLog, toReportSchedule } from './report-dict';
import { listReportLogRows, listReportViews } from './report-list';
import { checkSchedule, type ScheduleCandidate } from './report-validation';
import {
  deleteReports,
  findReportLog,
  findReports,
  findReportView,
  insertReport,
  reportOwnerIds,
  reportOwners,
  reportRecipients,
  setReportOwners,
  setReportRecipients,
  updateReport,
  userReportsOn,
  type NewRecipient,
  type ReportPatch,
  type ReportRow,
  type ReportView,
} from './reports.repo';

/** Superset registers the report API only with ALERT_REPORTS on (on by default here); else 404. */
export const reportsEnabled = (ctx: Pick<AppContext, 'config'>): boolean =>
  ctx.config.featureFlags.ALERT_REPORTS;

const storedRecipients = (recipients: readonly ReportRecipientInput[]): NewRecipient[] =>
  recipients.map((recipient) => ({
    type: recipient.type,
    recipient_config_json: JSON.stringify(recipient.recipient_config_json),
  }));

function storedValidatorConfig(text: string | null): ReportValidatorConfig | null {
  if (text === null) return null;
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null) return null;
    const op = 'op' in raw && typeof raw.op === 'string' ? raw.op : undefined;
    const threshold = 'threshold' in raw && typeof raw.threshold === 'number' ? raw.threshold : undefined;
    const known = ['<', '<=', '>', '>=', '==', '!='] as const;
    const operator = known.find((candidate) => candidate === op);
    return { ...(operator ? { op: operator } : {}), ...(threshold !== undefined ? { threshold } : {}) };
  } catch {
    return null;
  }
}

/** POST /api/v1/report/: checks, then the schedule, its owners and recipients in one transaction. */
export async function createReport(
  ctx: AppContext,
  principal: Principal,
  input: ReportCreate,
): Promise<{ id: number; result: ReportCreate }> {
  const candidate: ScheduleCandidate = {
    type: input.type,
    name: input.name,
    crontab: input.crontab,
    timezone: input.timezone ?? REPORT_DEFAULTS.timezone,
    chart: input.chart ?? null,
    dashboard: input.dashboard ?? null,
    database: input.database ?? null,
    sql: input.sql ?? null,
    validator_type: input.validator_type ?? null,
    validator_config: input.validator_config_json ?? null,
    extra: input.extra ?? {},
    custom_width: input.custom_width ?? null,
    creation_method: input.creation_method ?? 'alerts_reports',
  };
  await checkSchedule(ctx, principal, candidate, 'all', null);
  // Superset's validate_unique_creation_method: one self-subscribed report per user and object.
  if (candidate.creation_method !== 'alerts_reports') {
    const existing = await userReportsOn(ctx.store.db, principal.user.id, {
      chartId: candidate.chart,
      dashboardId: candidate.dashboard,
    });
    if (existing.length > 0) {
      throw sip40Error(409, 'GENERIC_COMMAND_ERROR', REPORT_MESSAGES.attached, null, 'warning');
    }
  }
  const owners = await resolveOwners(ctx.store.db, principal, input.owners, 'create');
  const constants = ctx.config.constants;
  const userId = principal.user.id;
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    const reportId = await insertReport(trx, {
      type: candidate.type,
      name: candidate.name,
      description: input.description ?? null,
      context_markdown: input.context_markdown ?? null,
      active: toFlag(input.active ?? true),
      crontab: candidate.crontab.trim(),
      timezone: candidate.timezone,
      creation_method: candidate.creation_method,
      sql: candidate.sql,
      chart_id: candidate.chart,
      dashboard_id: candidate.dashboard,
      database_id: candidate.database,
      email_subject: input.email_subject ?? null,
      report_format: input.report_format ?? DEFAULT_REPORT_FORMAT,
      validator_type: candidate.validator_type,
      validator_config_json: candidate.validator_config ? JSON.stringify(candidate.validator_config) : null,
      log_retention: input.log_retention ?? constants.ALERT_REPORTS_DEFAULT_RETENTION,
      grace_period: input.grace_period ?? REPORT_DEFAULTS.grace_period,
      working_timeout: input.working_timeout ?? constants.ALERT_REPORTS_DEFAULT_WORKING_TIMEOUT,
      force_screenshot: toFlag(input.force_screenshot ?? false),
      custom_width: candidate.custom_width,
      extra_json: JSON.stringify(candidate.extra),
      created_by_fk: userId,
      changed_by_fk: userId,
    });
    await setReportOwners(trx, reportId, owners);
    await setReportRecipients(trx, reportId, storedRecipients(input.recipients ?? []), userId);
    return reportId;
  });
  return { id, result: input };
}

/** PUT /api/v1/report/{id}: owners only (403); any subset of fields, `{active}` alone toggles. */
export async function changeReport(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: ReportUpdate,
): Promise<{ id: number; result: ReportUpdate }> {
  const row = await changeableReport(ctx, principal, id);
  const candidate: ScheduleCandidate = {
    type: input.type ?? row.type,
    name: input.name ?? row.name,
    crontab: input.crontab ?? row.crontab,
    timezone: input.timezone ?? row.timezone,
    chart: input.chart !== undefined ? input.chart : row.chart_id,
    dashboard: input.dashboard !== undefined ? input.dashboard : row.dashboard_id,
    database: input.database !== undefined ? input.database : row.database_id,
    sql: input.sql !== undefined ? input.sql : row.sql,
    validator_type: input.validator_type !== undefined ? input.validator_type : row.validator_type,
    validator_config:
      input.validator_config_json !== undefined
        ? input.validator_config_json
        : storedValidatorConfig(row.validator_config_json),
    extra: input.extra ?? storedExtra(row.extra_json),
    custom_width: input.custom_width !== undefined ? input.custom_width : row.custom_width,
    creation_method: input.creation_method ?? row.creation_method,
  };
  const changed = new Set<keyof ScheduleCandidate>();
  const isCandidateField = (key: string): key is keyof ScheduleCandidate => Object.hasOwn(candidate, key);
  for (const key of Object.keys(input)) {
    if (key === 'validator_config_json') changed.add('validator_config');
    else if (isCandidateField(key)) changed.add(key);
  }
  await checkSchedule(ctx, principal, candidate, changed, id);
  const owners =
    input.owners === undefined
      ? undefined
      : await resolveOwners(ctx.store.db, principal, input.owners, 'update');

  const patch: ReportPatch = { changed_by_fk: principal.user.id };
  if (input.type !== undefined) patch.type = input.type;
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.context_markdown !== undefined) patch.context_markdown = input.context_markdown;
  if (input.email_subject !== undefined) patch.email_subject = input.email_subject;
  if (input.active !== undefined) patch.active = toFlag(input.active);
  if (input.crontab !== undefined) patch.crontab = input.crontab.trim();
  if (input.timezone !== undefined) patch.timezone = input.timezone;
  if (input.creation_method !== undefined) patch.creation_method = input.creation_method;
  if (input.sql !== undefined) patch.sql = input.sql;
  if (input.chart !== undefined) patch.chart_id = input.chart;
  if (input.dashboard !== undefined) patch.dashboard_id = input.dashboard;
  if (input.database !== undefined) patch.database_id = input.database;
  if (input.report_format !== undefined) patch.report_format = input.report_format;
  if (input.validator_type !== undefined) patch.validator_type = input.validator_type;
  if (input.validator_config_json !== undefined) {
    patch.validator_config_json =
      input.validator_config_json === null ? null : JSON.stringify(input.validator_config_json);
  }
  if (input.log_retention !== undefined) patch.log_retention = input.log_retention;
  if (input.grace_period !== undefined) patch.grace_period = input.grace_period;
  if (input.working_timeout !== undefined) patch.working_timeout = input.working_timeout;
  if (input.force_screenshot !== undefined) patch.force_screenshot = toFlag(input.force_screenshot);
  if (input.custom_width !== undefined) patch.custom_width = input.custom_width;
  if (input.extra !== undefined) patch.extra_json = JSON.stringify(input.extra);

  await ctx.store.db.transaction().execute(async (trx) => {
    await updateReport(trx, id, patch);
    if (owners !== undefined) await setReportOwners(trx, id, owners);
    if (input.recipients !== undefined) {
      await setReportRecipients(trx, id, storedRecipients(input.recipients), principal.user.id);
    }
  });
  return { id, result: input };
}

async function describe(ctx: AppContext, views: readonly ReportView[]): Promise<ReportSchedule[]> {
  const ids = views.map((view) => view.id);
  const owners = await reportOwners(ctx.store.db, ids);
  const recipients = await reportRecipients(ctx.store.db, ids);
  const now = Date.now();
  return views.map((view) =>
    toReportSchedule(
      view,
      owners.filter((owner) => owner.report_schedule_id === view.id),
      recipients.filter((recipient) => recipient.report_schedule_id === view.id),
      now,
    ),
  );
}

/** GET /api/v1/report/: the schedules the caller sees. */
export async function listReports(
  ctx: AppContext,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: ReportSchedule[] }> {
  const { count, rows } = await listReportViews(ctx.store.db, principal, query);
  return { count, ids: rows.map((row) => row.id), result: await describe(ctx, rows) };
}

/** GET /api/v1/report/{id}. */
export async function showReport(ctx: AppContext, principal: Principal, id: number): Promise<ReportSchedule> {
  await visibleReport(ctx, principal, id);
  const view = await findReportView(ctx.store.db, id);
  if (!view) throw notFound();
  const [described] = await describe(ctx, [view]);
  if (!described) throw notFound();
  return described;
}

export async function deleteReport(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  await changeableReport(ctx, principal, id);
  await deleteReports(ctx.store.db, [id]);
}

/** Bulk delete, all or nothing: an unknown or hidden id is a 404, one the caller does not own a 403. */
export async function deleteReportsInBulk(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await findReports(ctx.store.db, unique);
  if (rows.length !== unique.length) throw notFound();
  for (const row of rows) await visibleReport(ctx, principal, row.id);
  if (!principal.isAdmin) {
    const owners = await reportOwnerIds(ctx.store.db, unique);
    if (unique.some((id) => !(owners.get(id) ?? []).includes(principal.user.id))) {
      throw forbidden(REPORT_MESSAGES.forbidden);
    }
  }
  await deleteReports(ctx.store.db, unique);
  return unique.length;
}

/** GET /api/v1/report/{id}/log/: the runs of a schedule the caller sees. */
export async function listReportLogs(
  ctx: AppContext,
  principal: Principal,
  id: number,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: ReportExecutionLog[] }> {
  await visibleReport(ctx, principal, id);
  const { count, rows } = await listReportLogRows(ctx.store.db, id, query);
  return { count, ids: rows.map((row) => row.id), result: rows.map(toReportLog) };
}

export async function showReportLog(
  ctx: AppContext,
  principal: Principal,
  id: number,
  logId: number,
): Promise<ReportExecutionLog> {
  await visibleReport(ctx, principal, id);
  const row = await findReportLog(ctx.store.db, id, logId);
  if (!row) throw notFound();
  return toReportLog(row);
}

export type { ReportRow };

// What the scheduler and executor (issue #14 items 2–3) build on; rows are read and written as they are.
export {
  activeReports,
  claimScheduledRun,
  finishRun,
  lastSuccessSince,
  pruneRunsBefore,
  recordScheduleState,
  reportRecipients,
  workingRuns,
  type ReportLogRow,
  type ReportRecipientRow,
  type RunOutcome,
} from './reports.repo';

/** New log uuids for claimScheduledRun. */
export const newRunUuid = (): string => randomUUID();
