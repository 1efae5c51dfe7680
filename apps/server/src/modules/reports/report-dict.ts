import { describeCron } from '@tessera/core';
import {
  reportExtraSchema,
  type ReportExecutionLog,
  type ReportExtra,
  type ReportSchedule,
} from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import type { OwnerName, ReportLogRow, ReportRecipientRow, ReportView } from './reports.repo';

function userRef(id: number | null, first: string | null, last: string | null): ReportSchedule['created_by'] {
  if (id === null || first === null || last === null) return null;
  return { id, first_name: first, last_name: last };
}

/** The stored extra; text that no longer parses reads as none rather than failing the list. */
export function storedExtra(text: string): ReportExtra {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = reportExtraSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** The list and show form of reference §10. */
export function toReportSchedule(
  view: ReportView,
  owners: readonly OwnerName[],
  recipients: readonly ReportRecipientRow[],
  now: number = Date.now(),
): ReportSchedule {
  return {
    id: view.id,
    type: view.type,
    name: view.name,
    description: view.description,
    email_subject: view.email_subject,
    context_markdown: view.context_markdown,
    active: view.active === 1,
    crontab: view.crontab,
    crontab_humanized: describeCron(view.crontab),
    timezone: view.timezone,
    creation_method: view.creation_method,
    sql: view.sql,
    chart_id: view.chart_id,
    dashboard_id: view.dashboard_id,
    database_id: view.database_id,
    chart:
      view.chart_id === null || view.slice_name === null
        ? null
        : { id: view.chart_id, slice_name: view.slice_name, viz_type: view.viz_type ?? '' },
    dashboard:
      view.dashboard_id === null || view.dashboard_title === null
        ? null
        : { id: view.dashboard_id, dashboard_title: view.dashboard_title },
    database:
      view.database_id === null || view.database_name === null
        ? null
        : { id: view.database_id, database_name: view.database_name },
    owners: owners.map((owner) => ({
      id: owner.id,
      first_name: owner.first_name,
      last_name: owner.last_name,
    })),
    recipients: recipients.map((recipient) => ({
      id: recipient.id,
      type: recipient.type,
      recipient_config_json: recipient.recipient_config_json,
    })),
    validator_type: view.validator_type,
    validator_config_json: view.validator_config_json,
    log_retention: view.log_retention,
    grace_period: view.grace_period,
    working_timeout: view.working_timeout,
    report_format: view.report_format,
    extra: storedExtra(view.extra_json),
    force_screenshot: view.force_screenshot === 1,
    custom_width: view.custom_width,
    last_eval_dttm: view.last_eval_dttm,
    last_state: view.last_state,
    last_value: view.last_value,
    last_value_row_json: view.last_value_row_json,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name),
    created_on: view.created_on,
    changed_on: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
  };
}

export function toReportLog(row: ReportLogRow): ReportExecutionLog {
  return {
    id: row.id,
    uuid: row.uuid,
    scheduled_dttm: row.scheduled_dttm,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    value: row.value,
    value_row_json: row.value_row_json,
    state: row.state,
    error_message: row.error_message,
  };
}
