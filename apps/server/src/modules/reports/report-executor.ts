import { setTimeout as sleep } from 'node:timers/promises';
import { recipientConfigSchema, reportFormatSchema, type ReportRunJob } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { loadPrincipal, type Principal } from '../security/principal';
import { QueryCancelled, QueryFailure, runReadOnlySql } from '../sqllab/read-only-sql.service';
import {
  ALERT_MESSAGES,
  AlertCheckError,
  alertValidator,
  judgeAlert,
  type AlertVerdict,
} from './alert-check';
import { buildReportContent, ReportContentError, type ReportContent } from './report-content';
import type { ReportPorts, ReportRecipient } from './report-ports';
import {
  claimScheduledRun,
  findReport,
  finishRun,
  lastSuccessSince,
  markRunSending,
  recordScheduleState,
  reportOwnerIds,
  reportRecipients,
  type ReportRow,
  type RunOutcome,
} from './reports.repo';
import { randomUUID } from 'node:crypto';

export const RUN_MESSAGES = {
  workingTimeout: 'Report Schedule reached a working timeout.',
  executorNotFound: 'Scheduled report executor not found',
  stopped: 'The run was stopped: its worker shut down.',
  alertIncomplete: 'Alert has no database or SQL to run.',
  noSender: 'No notification transport is configured on this worker.',
  /** error_message of a Working run whose notification is being sent (markRunSending). */
  sending: (at: string) => `Sending: the notification was handed to the sender at ${at}.`,
  sendingPrefix: 'Sending: ',
  /** The log has no error-type column: the SIP-40 type leads the message. */
  notification: (detail: string) => `REPORT_NOTIFICATION_ERROR: ${detail}`,
} as const;

/** The longest an executor waits for an instant the beat enqueued ahead of time (one window). */
const MAX_EARLY_MS = 60_000;

/** Delivery failed; the run ends Error with REPORT_NOTIFICATION_ERROR. */
export class ReportNotificationError extends Error {
  readonly errorType = 'REPORT_NOTIFICATION_ERROR';
  constructor(detail: string) {
    super(RUN_MESSAGES.notification(detail));
    this.name = 'ReportNotificationError';
  }
}

class RunError extends Error {}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one scheduled instant of an alert or report (the `report-run` job), exactly once:
 *
 * 1. claim — claimScheduledRun inserts the Working log row; when the instant was claimed already
 *    (a second beat enqueued it, BullMQ handed it over twice) the job ends here. Nothing ever runs a
 *    claimed instant again, so a crash anywhere after the claim cannot deliver twice.
 * 2. as the owner — the first owner (else the creator) is loaded as a principal; their grants decide
 *    what the alert SQL may read and what the content shows.
 * 3. alert — SQL read-only through SQL Lab's path, judged (alert-check.ts); Not triggered, or On
 *    Grace when a Success ended within grace_period.
 * 4. content (report-content.ts), then `markRunSending` (the before-record), then the sender, then
 *    finishRun Success (the after-record). A run still Working that carries the sending note was
 *    handed to the sender: the sweep closes it Error saying so, and never sends it again.
 *
 * working_timeout aborts the run's signal (query, renderer, sender); finishRun only ends a Working
 * run, so whichever of the executor and the sweep ends it first has the last word.
 */
export class ReportExecutor {
  private readonly running = new Map<number, AbortController>();
  private readonly closing = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    private readonly ports: ReportPorts,
  ) {}

  async run(job: ReportRunJob): Promise<void> {
    const db = this.ctx.store.db;
    const report = await findReport(db, job.reportId);
    // Deleted or switched off since the beat enqueued it.
    if (report?.active !== 1) return;
    const early = Date.parse(job.scheduledDttm) - Date.now();
    if (early > 0) {
      try {
        await sleep(Math.min(early, MAX_EARLY_MS), undefined, { signal: this.closing.signal });
      } catch {
        return;
      }
    }
    const uuid = randomUUID();
    const logId = await claimScheduledRun(db, {
      reportId: report.id,
      scheduledDttm: job.scheduledDttm,
      uuid,
    });
    if (logId === null) return;
    const controller = new AbortController();
    this.running.set(logId, controller);
    // ALERT_REPORTS_WORKING_TIME_OUT_KILL off: the run goes on past working_timeout (the sweep
    // still records it Error, and finishRun then leaves that verdict alone).
    const timer = this.ctx.config.constants.ALERT_REPORTS_WORKING_TIME_OUT_KILL
      ? setTimeout(() => {
          controller.abort(new RunError(RUN_MESSAGES.workingTimeout));
        }, report.working_timeout * 1000)
      : undefined;
    timer?.unref();
    let outcome: RunOutcome;
    try {
      outcome = await this.execute(report, logId, uuid, job.scheduledDttm, controller.signal);
    } catch (error) {
      outcome = { state: 'Error', errorMessage: this.failureMessage(error, controller.signal) };
      if (!(
        error instanceof RunError ||
        error instanceof ReportContentError ||
        error instanceof AlertCheckError
      ))
        this.ctx.log.warn({ err: error, reportId: report.id, logId }, 'report run failed');
    } finally {
      clearTimeout(timer);
      this.running.delete(logId);
    }
    const ended = await finishRun(db, logId, outcome);
    if (!ended) return;
    await recordScheduleState(db, report.id, {
      lastState: outcome.state,
      lastEvalDttm: new Date().toISOString(),
      lastValue: outcome.value ?? null,
      lastValueRowJson: outcome.valueRowJson ?? null,
    });
  }

  /** Aborts the runs in progress (each ends Error, 'stopped'); waits for nothing else. */
  close(): void {
    this.closing.abort();
    for (const controller of this.running.values()) controller.abort(new RunError(RUN_MESSAGES.stopped));
  }

  private failureMessage(error: unknown, signal: AbortSignal): string {
    if (signal.aborted) {
      const reason: unknown = signal.reason;
      if (reason instanceof RunError) return reason.message;
    }
    if (error instanceof QueryCancelled) return ALERT_MESSAGES.timeout;
    if (error instanceof QueryFailure) return `${ALERT_MESSAGES.queryError} ${error.message}`;
    return messageOf(error);
  }

  private async owner(report: ReportRow): Promise<Principal> {
    const owners = (await reportOwnerIds(this.ctx.store.db, [report.id])).get(report.id) ?? [];
    const userId = owners[0] ?? report.created_by_fk;
    const principal =
      userId === null
        ? null
        : await loadPrincipal(this.ctx.store.db, this.ctx.caches.principals, userId, 'bearer', null);
    if (!principal) throw new RunError(RUN_MESSAGES.executorNotFound);
    return principal;
  }

  private async execute(
    report: ReportRow,
    logId: number,
    uuid: string,
    scheduledDttm: string,
    signal: AbortSignal,
  ): Promise<RunOutcome> {
    const principal = await this.owner(report);
    if (report.type === 'Alert') {
      const verdict = await this.checkAlert(report, principal, signal);
      const kept = { value: verdict.value, valueRowJson: verdict.valueRowJson };
      if (!verdict.triggered) return { state: 'Not triggered', ...kept };
      const since = new Date(Date.now() - report.grace_period * 1000).toISOString();
      if (await lastSuccessSince(this.ctx.store.db, report.id, since)) return { state: 'On Grace', ...kept };
      const attach =
        this.ctx.config.featureFlags.ALERTS_ATTACH_REPORTS &&
        (report.chart_id !== null || report.dashboard_id !== null);
      const content = attach
        ? await buildReportContent(this.ctx, principal, report, this.ports.renderer, signal)
        : { files: [], table: null, path: null };
      await this.notify(report, logId, uuid, scheduledDttm, content, alertText(report, verdict), signal);
      return { state: 'Success', ...kept };
    }
    const content = await buildReportContent(this.ctx, principal, report, this.ports.renderer, signal);
    await this.notify(report, logId, uuid, scheduledDttm, content, report.description ?? report.name, signal);
    return { state: 'Success' };
  }

  private async checkAlert(
    report: ReportRow,
    principal: Principal,
    signal: AbortSignal,
  ): Promise<AlertVerdict> {
    if (report.database_id === null || report.sql === null || report.sql.trim() === '')
      throw new RunError(RUN_MESSAGES.alertIncomplete);
    const validator = alertValidator(report.validator_type, report.validator_config_json);
    const request = {
      databaseId: report.database_id,
      sql: report.sql,
      schema: null,
      // Two rows are enough to tell "more than one row" (Superset limits the alert query the same way).
      limit: 2,
      signal,
    };
    const tries = this.ctx.config.constants.ALERT_REPORTS_QUERY_EXECUTION_MAX_TRIES;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await runReadOnlySql(this.ctx, principal, request);
        return judgeAlert(validator, result.columns.length, result.rows);
      } catch (error) {
        // Only what the engine answered (400) is worth another try; a guard's refusal (403, 422) or a
        // verdict on the answer is final.
        const retry = error instanceof QueryFailure && error.status === 400 && !signal.aborted;
        if (!retry || attempt >= tries) throw error;
      }
    }
  }

  private async notify(
    report: ReportRow,
    logId: number,
    uuid: string,
    scheduledDttm: string,
    content: ReportContent,
    text: string,
    signal: AbortSignal,
  ): Promise<void> {
    const rows = await reportRecipients(this.ctx.store.db, [report.id]);
    const recipients: ReportRecipient[] = [];
    for (const row of rows) {
      let config: unknown;
      try {
        config = JSON.parse(row.recipient_config_json);
      } catch {
        throw new ReportNotificationError(`Recipient ${row.id} has an unreadable configuration.`);
      }
      const parsed = recipientConfigSchema.safeParse(config);
      if (!parsed.success)
        throw new ReportNotificationError(`Recipient ${row.id} has an unreadable configuration.`);
      recipients.push({ type: row.type, ...parsed.data });
    }
    const constants = this.ctx.config.constants;
    const notification = {
      reportId: report.id,
      name: report.name,
      type: report.type === 'Alert' ? ('Alert' as const) : ('Report' as const),
      format: reportFormatSchema.catch('PNG').parse(report.report_format),
      subject: report.email_subject ?? report.name,
      description: report.description,
      path: content.path,
      scheduledDttm,
      runUuid: uuid,
      files: content.files,
      table: content.table,
      text,
    };
    if (constants.ALERT_REPORTS_NOTIFICATION_DRY_RUN) {
      this.ctx.log.info({ reportId: report.id, recipients: recipients.length }, 'report dry run: not sent');
      return;
    }
    const sender = this.ports.sender;
    if (!sender) throw new ReportNotificationError(RUN_MESSAGES.noSender);
    // The before-record: a sweep that meets this run later knows it reached the sender.
    if (!(await markRunSending(this.ctx.store.db, logId, RUN_MESSAGES.sending(new Date().toISOString()))))
      throw new RunError(RUN_MESSAGES.workingTimeout);
    try {
      await sender.send(recipients, notification, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw error instanceof ReportNotificationError ? error : new ReportNotificationError(messageOf(error));
    }
  }
}

function alertText(report: ReportRow, verdict: AlertVerdict): string {
  const value = verdict.value ?? verdict.valueRowJson ?? 'NULL';
  return `Alert "${report.name}" triggered: the query answered ${String(value)}.`;
}
