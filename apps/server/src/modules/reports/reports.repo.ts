import type { Insertable, Updateable } from 'kysely';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type {
  ReportExecutionLogTable,
  ReportRecipientTable,
  ReportScheduleTable,
  ReportStateValue,
} from '../../db/schema';

export type ReportRow = Omit<ReportScheduleTable, 'id'> & { id: number };
export type ReportRecipientRow = Omit<ReportRecipientTable, 'id'> & { id: number };
export type ReportLogRow = Omit<ReportExecutionLogTable, 'id'> & { id: number };

/** A schedule with the names its list and show forms carry. */
export type ReportView = ReportRow & {
  slice_name: string | null;
  viz_type: string | null;
  dashboard_title: string | null;
  database_name: string | null;
  created_first_name: string | null;
  created_last_name: string | null;
  changed_first_name: string | null;
  changed_last_name: string | null;
};

export type NewReport = Omit<Insertable<ReportScheduleTable>, 'id' | 'created_on' | 'changed_on'>;
export type ReportPatch = Omit<
  Updateable<ReportScheduleTable>,
  'id' | 'created_on' | 'changed_on' | 'created_by_fk'
>;
export type NewRecipient = Pick<ReportRecipientTable, 'type' | 'recipient_config_json'>;

export function selectReportViews(db: MetadataDb) {
  return db
    .selectFrom('report_schedule as r')
    .leftJoin('slices as c', 'c.id', 'r.chart_id')
    .leftJoin('dashboards as d', 'd.id', 'r.dashboard_id')
    .leftJoin('databases as db', 'db.id', 'r.database_id')
    .leftJoin('users as cu', 'cu.id', 'r.created_by_fk')
    .leftJoin('users as mu', 'mu.id', 'r.changed_by_fk')
    .selectAll('r')
    .select([
      'c.slice_name as slice_name',
      'c.viz_type as viz_type',
      'd.dashboard_title as dashboard_title',
      'db.database_name as database_name',
      'cu.first_name as created_first_name',
      'cu.last_name as created_last_name',
      'mu.first_name as changed_first_name',
      'mu.last_name as changed_last_name',
    ]);
}

export async function insertReport(db: MetadataDb, values: NewReport): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('report_schedule')
    .values({ ...values, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findReport(db: MetadataDb, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('report_schedule').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findReports(db: MetadataDb, ids: readonly number[]): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('report_schedule').selectAll().where('id', 'in', ids).execute();
}

export async function findReportView(db: MetadataDb, id: number): Promise<ReportView | undefined> {
  return selectReportViews(db).where('r.id', '=', id).executeTakeFirst();
}

/** Another schedule of this type with this name (names are unique per type). */
export async function findReportByName(
  db: MetadataDb,
  type: ReportRow['type'],
  name: string,
): Promise<ReportRow | undefined> {
  return db
    .selectFrom('report_schedule')
    .selectAll()
    .where('type', '=', type)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Schedules a user created on one chart or dashboard (Superset's validate_unique_creation_method). */
export async function userReportsOn(
  db: MetadataDb,
  userId: number,
  target: { chartId: number | null; dashboardId: number | null },
): Promise<number[]> {
  let query = db.selectFrom('report_schedule').select('id').where('created_by_fk', '=', userId);
  if (target.chartId !== null) query = query.where('chart_id', '=', target.chartId);
  if (target.dashboardId !== null) query = query.where('dashboard_id', '=', target.dashboardId);
  return (await query.execute()).map((row) => row.id);
}

export type ReferencedKind = 'chart' | 'dashboard' | 'database';

/** Names of the schedules that point at any of these charts, dashboards or databases. */
export async function reportNamesReferencing(
  db: MetadataDb,
  kind: ReferencedKind,
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const column = kind === 'chart' ? 'chart_id' : kind === 'dashboard' ? 'dashboard_id' : 'database_id';
  const rows = await db
    .selectFrom('report_schedule')
    .select('name')
    .where(column, 'in', ids)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

export async function updateReport(db: MetadataDb, id: number, patch: ReportPatch): Promise<void> {
  await db
    .updateTable('report_schedule')
    .set({ ...patch, changed_on: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Owners, recipients and logs go with the schedules through their foreign keys' cascade. */
export async function deleteReports(db: MetadataDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('report_schedule').where('id', 'in', ids).execute();
}

export async function reportOwnerIds(db: MetadataDb, ids: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('report_schedule_owner')
    .select(['report_schedule_id', 'user_id'])
    .where('report_schedule_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.report_schedule_id) ?? [];
    list.push(row.user_id);
    out.set(row.report_schedule_id, list);
  }
  return out;
}

export interface OwnerName {
  report_schedule_id: number;
  id: number;
  first_name: string;
  last_name: string;
}

export async function reportOwners(db: MetadataDb, ids: readonly number[]): Promise<OwnerName[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('report_schedule_owner as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.report_schedule_id', 'u.id', 'u.first_name', 'u.last_name'])
    .where('o.report_schedule_id', 'in', ids)
    .orderBy('o.id')
    .execute();
}

export async function setReportOwners(db: MetadataDb, id: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('report_schedule_owner').where('report_schedule_id', '=', id).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('report_schedule_owner')
    .values(userIds.map((userId) => ({ report_schedule_id: id, user_id: userId })))
    .execute();
}

export async function reportRecipients(
  db: MetadataDb,
  ids: readonly number[],
): Promise<ReportRecipientRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('report_recipient')
    .selectAll()
    .where('report_schedule_id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function setReportRecipients(
  db: MetadataDb,
  id: number,
  recipients: readonly NewRecipient[],
  userId: number,
): Promise<void> {
  await db.deleteFrom('report_recipient').where('report_schedule_id', '=', id).execute();
  if (recipients.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('report_recipient')
    .values(
      recipients.map((recipient) => ({
        report_schedule_id: id,
        type: recipient.type,
        recipient_config_json: recipient.recipient_config_json,
        created_by_fk: userId,
        created_on: now,
      })),
    )
    .execute();
}

export function selectReportLogs(db: MetadataDb, reportId: number) {
  return db
    .selectFrom('report_execution_log as l')
    .selectAll('l')
    .where('l.report_schedule_id', '=', reportId);
}

export async function findReportLog(
  db: MetadataDb,
  reportId: number,
  logId: number,
): Promise<ReportLogRow | undefined> {
  return selectReportLogs(db, reportId).where('l.id', '=', logId).executeTakeFirst();
}

// ---- What the scheduler and executor use (issue #14 items 2–3). ----

/** Every active schedule, oldest first: what a beat evaluates in each window. */
export async function activeReports(db: MetadataDb): Promise<ReportRow[]> {
  return db.selectFrom('report_schedule').selectAll().where('active', '=', 1).orderBy('id').execute();
}

/**
 * Claims one scheduled instant of a schedule: inserts its log row as Working. Returns the log id, or
 * null when the instant was claimed already (by this or any other process): the unique
 * (report_schedule_id, scheduled_dttm) decides, so an instant runs once however many executors race.
 */
export async function claimScheduledRun(
  db: MetadataDb,
  run: { reportId: number; scheduledDttm: string; uuid: string; startDttm?: string },
): Promise<number | null> {
  const row = await db
    .insertInto('report_execution_log')
    .values({
      uuid: run.uuid,
      report_schedule_id: run.reportId,
      scheduled_dttm: run.scheduledDttm,
      start_dttm: run.startDttm ?? nowIso(),
      end_dttm: null,
      value: null,
      value_row_json: null,
      state: 'Working',
      error_message: null,
    })
    .onConflict((oc) => oc.columns(['report_schedule_id', 'scheduled_dttm']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface RunOutcome {
  state: Exclude<ReportStateValue, 'Working'>;
  value?: number | null;
  valueRowJson?: string | null;
  errorMessage?: string | null;
  endDttm?: string;
}

/**
 * Ends a run that is still Working; false when it was ended already (a sweep closed it as Error after
 * working_timeout), so a late finisher cannot overwrite that verdict.
 */
export async function finishRun(db: MetadataDb, logId: number, outcome: RunOutcome): Promise<boolean> {
  const result = await db
    .updateTable('report_execution_log')
    .set({
      state: outcome.state,
      end_dttm: outcome.endDttm ?? nowIso(),
      value: outcome.value ?? null,
      value_row_json: outcome.valueRowJson ?? null,
      error_message: outcome.errorMessage ?? null,
    })
    .where('id', '=', logId)
    .where('state', '=', 'Working')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Working runs started before `startedBefore` (ISO), with their schedule's working_timeout (seconds):
 * the working_timeout sweep ends those whose start + timeout has passed (finishRun with Error).
 * Times are compared in JS by the caller, as ISO text arithmetic differs between the two stores.
 */
export async function workingRuns(
  db: MetadataDb,
  startedBefore: string,
): Promise<(ReportLogRow & { working_timeout: number })[]> {
  return db
    .selectFrom('report_execution_log as l')
    .innerJoin('report_schedule as r', 'r.id', 'l.report_schedule_id')
    .selectAll('l')
    .select('r.working_timeout')
    .where('l.state', '=', 'Working')
    .where('l.start_dttm', '<', startedBefore)
    .orderBy('l.id')
    .execute();
}

/** The schedule's last evaluation, shown in the list (last_state, last_eval_dttm, last_value…). */
export async function recordScheduleState(
  db: MetadataDb,
  reportId: number,
  state: {
    lastState: ReportStateValue;
    lastEvalDttm: string;
    lastValue?: number | null;
    lastValueRowJson?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('report_schedule')
    .set({
      last_state: state.lastState,
      last_eval_dttm: state.lastEvalDttm,
      last_value: state.lastValue ?? null,
      last_value_row_json: state.lastValueRowJson ?? null,
    })
    .where('id', '=', reportId)
    .execute();
}

/** The latest run that notified (Success) at or after `since`: grace_period suppression reads it. */
export async function lastSuccessSince(
  db: MetadataDb,
  reportId: number,
  since: string,
): Promise<ReportLogRow | undefined> {
  return db
    .selectFrom('report_execution_log')
    .selectAll()
    .where('report_schedule_id', '=', reportId)
    .where('state', '=', 'Success')
    .where('end_dttm', '>=', since)
    .orderBy('end_dttm', 'desc')
    .executeTakeFirst();
}

/** log_retention pruning: deletes finished runs scheduled before `before`; returns how many. */
export async function pruneRunsBefore(db: MetadataDb, reportId: number, before: string): Promise<number> {
  const result = await db
    .deleteFrom('report_execution_log')
    .where('report_schedule_id', '=', reportId)
    .where('scheduled_dttm', '<', before)
    .where('state', '!=', 'Working')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records, on a run still Working, that its notification is being handed to the sender (the note
 * goes in error_message until the run ends; finishRun replaces it). A sweep that later finds the run
 * stuck can then say it may have been delivered; nothing ever sends an instant twice, because an
 * instant runs only once it is claimed. False when the run is no longer Working.
 */
export async function markRunSending(db: MetadataDb, logId: number, note: string): Promise<boolean> {
  const result = await db
    .updateTable('report_execution_log')
    .set({ error_message: note })
    .where('id', '=', logId)
    .where('state', '=', 'Working')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every schedule's log_retention (active or not): the retention sweep prunes each one's log. */
export async function reportRetentions(db: MetadataDb): Promise<{ id: number; log_retention: number }[]> {
  return db.selectFrom('report_schedule').select(['id', 'log_retention']).orderBy('id').execute();
}
