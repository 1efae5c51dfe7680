import { z } from 'zod';

/**
 * Alerts and reports, `/api/v1/report/` (spec 001 §3 'Report', §7 'Reports'; reference §10). Slack is
 * not offered here (no network to reach it): its recipient types are refused by name so a Superset
 * client learns why rather than reading a generic enum error.
 */

export const REPORT_TYPES = ['Alert', 'Report'] as const;
export const reportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof reportTypeSchema>;

export const REPORT_VALIDATOR_TYPES = ['not null', 'operator'] as const;
export const reportValidatorTypeSchema = z.enum(REPORT_VALIDATOR_TYPES);
export type ReportValidatorType = z.infer<typeof reportValidatorTypeSchema>;

export const REPORT_VALIDATOR_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type ReportValidatorOperator = (typeof REPORT_VALIDATOR_OPERATORS)[number];

export const REPORT_RECIPIENT_TYPES = ['Email', 'Webhook'] as const;
export type ReportRecipientType = (typeof REPORT_RECIPIENT_TYPES)[number];
/** Superset's Slack recipient types: named so the refusal can say what is missing. */
export const UNSUPPORTED_RECIPIENT_TYPES = ['Slack', 'SlackV2'] as const;
export const SLACK_NOT_SUPPORTED_MESSAGE = 'Slack is not supported here; use Email or Webhook.';

/** Issue #14 adds XLSX to the reference's PDF, PNG, CSV and TEXT. */
export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'] as const;
export const reportFormatSchema = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof reportFormatSchema>;
export const DEFAULT_REPORT_FORMAT: ReportFormat = 'PNG';

export const REPORT_CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export const reportCreationMethodSchema = z.enum(REPORT_CREATION_METHODS);
export type ReportCreationMethod = z.infer<typeof reportCreationMethodSchema>;

/** `last_state` of a schedule and `state` of its execution log rows. */
export const REPORT_STATES = ['Success', 'Working', 'Error', 'Not triggered', 'On Grace'] as const;
export const reportStateSchema = z.enum(REPORT_STATES);
export type ReportState = z.infer<typeof reportStateSchema>;

/** Model defaults of reference §10 (the config's ALERT_REPORTS_DEFAULT_* give the form's defaults). */
export const REPORT_DEFAULTS = {
  timezone: 'UTC',
  log_retention: 90,
  grace_period: 14_400,
  working_timeout: 3600,
} as const;

/** Server messages of the report API (reference §10; the 409 body is SIP-40 with issue 1010). */
export const REPORT_MESSAGES = {
  attached: 'Resource already has an attached report.',
  forbidden: 'Changing this report is forbidden',
  databaseRequired: 'Database is required for alerts',
  databaseNotAllowed: 'Database reference is not allowed on a report',
  chartAndDashboard: 'Choose a chart or dashboard not both',
  chartOrDashboard: 'Please save your chart first, then try creating a new email report.',
  chartMissing: 'Chart does not exist',
  dashboardMissing: 'Dashboard does not exist',
  databaseMissing: 'Database does not exist',
  sqlRequired: 'SQL is required for alerts',
  validatorRequired: 'A validator type is required for alerts',
  validatorConfigRequired: 'An operator validator needs op and threshold',
  invalidCron: 'Invalid cron expression',
  referencedBy: 'There are associated alerts or reports: %s',
} as const;

/** `A report named "X" already exists`, `An alert named …` for alerts. */
export const reportNameTakenMessage = (type: ReportType, name: string): string =>
  type === 'Alert' ? `An alert named "${name}" already exists` : `A report named "${name}" already exists`;

/** The minimum-interval refusal of reference §10 (the interval is configured in seconds). */
export const reportFrequencyMessage = (type: ReportType, minimumSeconds: number): string =>
  `${type} schedule frequency exceeding limit. Please configure a schedule with a minimum interval of ${Math.ceil(minimumSeconds / 60)} minutes per execution.`;

/** A valid IANA time zone name (Intl knows the zone). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Loose by design: one @, no spaces, a dot in the domain; delivery is the real test. */
const EMAIL_PATTERN = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** Superset's `target` holds several addresses separated by commas or semicolons. */
export function splitEmailList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The problem with an address list, or null when every address looks deliverable. */
function emailListProblem(text: string | undefined, required: boolean): string | null {
  if (text === undefined || text.trim() === '') {
    return required ? 'At least one e-mail address is required.' : null;
  }
  const bad = splitEmailList(text).filter((address) => !EMAIL_PATTERN.test(address));
  return bad.length > 0 ? `Not a valid e-mail address: ${bad.join(', ')}` : null;
}

function isWebUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** A recipient's stored `recipient_config_json` (the executor parses it back before sending). */
export const recipientConfigSchema = z
  .object({
    target: z.string().max(5000),
    ccTarget: z.string().max(5000).optional(),
    bccTarget: z.string().max(5000).optional(),
  })
  .strict();

const isSupportedRecipientType = (type: string): type is ReportRecipientType =>
  (REPORT_RECIPIENT_TYPES as readonly string[]).includes(type);

/** One recipient: e-mail addresses (target, cc, bcc) or one webhook http(s) URL. */
export const reportRecipientInputSchema = z
  .object({
    type: z.string().max(50),
    recipient_config_json: recipientConfigSchema,
  })
  .strict()
  .transform((recipient, ctx) => {
    const { type, recipient_config_json: config } = recipient;
    const refuse = (path: (string | number)[], message: string) => {
      ctx.addIssue({ code: 'custom', path, message });
      return z.NEVER;
    };
    if (!isSupportedRecipientType(type)) {
      const slack = (UNSUPPORTED_RECIPIENT_TYPES as readonly string[]).includes(type);
      return refuse(['type'], slack ? SLACK_NOT_SUPPORTED_MESSAGE : 'Must be one of: Email, Webhook.');
    }
    if (type === 'Email') {
      const problems = [
        ['target', emailListProblem(config.target, true)],
        ['ccTarget', emailListProblem(config.ccTarget, false)],
        ['bccTarget', emailListProblem(config.bccTarget, false)],
      ] as const;
      let failed = false;
      for (const [field, problem] of problems) {
        if (problem !== null) {
          ctx.addIssue({ code: 'custom', path: ['recipient_config_json', field], message: problem });
          failed = true;
        }
      }
      if (failed) return z.NEVER;
    } else {
      if (!isWebUrl(config.target.trim())) {
        return refuse(['recipient_config_json', 'target'], 'Must be an http(s) URL.');
      }
      if (config.ccTarget !== undefined || config.bccTarget !== undefined) {
        return refuse(['recipient_config_json'], 'A webhook has one target and no cc or bcc.');
      }
    }
    return { type, recipient_config_json: config };
  });
export type ReportRecipientInput = z.infer<typeof reportRecipientInputSchema>;

export const reportValidatorConfigSchema = z
  .object({
    op: z.enum(REPORT_VALIDATOR_OPERATORS).optional(),
    threshold: z.number().optional(),
  })
  .strict();
export type ReportValidatorConfig = z.infer<typeof reportValidatorConfigSchema>;

/** `extra.dashboard` of a dashboard report: the tabs and filter state to render (reference §10). */
export const reportExtraSchema = z
  .object({
    dashboard: z
      .object({
        activeTabs: z.array(z.string().min(1).max(250)).max(500).optional(),
        dataMask: z.record(z.string(), z.unknown()).optional(),
        anchor: z.string().max(1000).optional(),
        urlParams: z
          .array(z.tuple([z.string().max(1000), z.string().max(10_000)]))
          .max(100)
          .optional(),
        nativeFilters: z
          .array(
            z
              .object({
                nativeFilterId: z.string().max(250),
                filterType: z.string().max(100).optional(),
                columnName: z.string().max(250).optional(),
                filterValues: z.array(z.unknown()).max(10_000).optional(),
              })
              .strict(),
          )
          .max(200)
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ReportExtra = z.infer<typeof reportExtraSchema>;

const id = z.number().int().positive();

/** Fields both POST and PUT take; PUT takes all of them optional (reference §10). */
const writable = {
  type: reportTypeSchema,
  name: z.string().trim().min(1, 'Name is required.').max(150),
  description: z.string().max(10_000).nullable(),
  email_subject: z.string().max(255).nullable(),
  context_markdown: z.string().max(100_000).nullable(),
  active: z.boolean(),
  crontab: z.string().trim().min(1, 'Crontab is required.').max(1000),
  timezone: z.string().refine(isTimeZone, 'Not a valid time zone.'),
  sql: z.string().max(1_000_000).nullable(),
  chart: id.nullable(),
  dashboard: id.nullable(),
  database: id.nullable(),
  owners: z.array(id).max(100),
  validator_type: reportValidatorTypeSchema.nullable(),
  validator_config_json: reportValidatorConfigSchema.nullable(),
  grace_period: z.number().int().min(1).max(31_536_000),
  working_timeout: z.number().int().min(1).max(604_800),
  recipients: z.array(reportRecipientInputSchema).max(50),
  report_format: reportFormatSchema,
  extra: reportExtraSchema,
  force_screenshot: z.boolean(),
  creation_method: reportCreationMethodSchema,
};

/** The width range is configuration (ALERT_REPORTS_MIN/MAX_CUSTOM_SCREENSHOT_WIDTH): checked by the server. */
const customWidth = z.number().int().nullable();

export const reportCreateSchema = z
  .object({
    type: writable.type,
    name: writable.name,
    crontab: writable.crontab,
    description: writable.description.optional(),
    email_subject: writable.email_subject.optional(),
    context_markdown: writable.context_markdown.optional(),
    active: writable.active.optional(),
    timezone: writable.timezone.optional(),
    sql: writable.sql.optional(),
    chart: writable.chart.optional(),
    dashboard: writable.dashboard.optional(),
    database: writable.database.optional(),
    owners: writable.owners.optional(),
    validator_type: writable.validator_type.optional(),
    validator_config_json: writable.validator_config_json.optional(),
    log_retention: z.number().int().min(1).max(36_500).optional(),
    grace_period: writable.grace_period.optional(),
    working_timeout: writable.working_timeout.optional(),
    recipients: writable.recipients.optional(),
    report_format: writable.report_format.optional(),
    extra: writable.extra.optional(),
    force_screenshot: writable.force_screenshot.optional(),
    custom_width: customWidth.optional(),
    creation_method: writable.creation_method.optional(),
  })
  .strict();
export type ReportCreate = z.infer<typeof reportCreateSchema>;

/** PUT: any subset (`{active}` alone toggles); log_retention 0 is allowed here, as in Superset. */
export const reportUpdateSchema = z
  .object({
    type: writable.type.optional(),
    name: writable.name.optional(),
    crontab: writable.crontab.optional(),
    description: writable.description.optional(),
    email_subject: writable.email_subject.optional(),
    context_markdown: writable.context_markdown.optional(),
    active: writable.active.optional(),
    timezone: writable.timezone.optional(),
    sql: writable.sql.optional(),
    chart: writable.chart.optional(),
    dashboard: writable.dashboard.optional(),
    database: writable.database.optional(),
    owners: writable.owners.optional(),
    validator_type: writable.validator_type.optional(),
    validator_config_json: writable.validator_config_json.optional(),
    log_retention: z.number().int().min(0).max(36_500).optional(),
    grace_period: writable.grace_period.optional(),
    working_timeout: writable.working_timeout.optional(),
    recipients: writable.recipients.optional(),
    report_format: writable.report_format.optional(),
    extra: writable.extra.optional(),
    force_screenshot: writable.force_screenshot.optional(),
    custom_width: customWidth.optional(),
    creation_method: writable.creation_method.optional(),
  })
  .strict();
export type ReportUpdate = z.infer<typeof reportUpdateSchema>;

const userRefSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A stored recipient; `recipient_config_json` is JSON text, as Superset answers it. */
export const reportRecipientSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  recipient_config_json: z.string(),
});

/** One schedule as GET /{id} and the list answer it (the list adds the humanized fields). */
export const reportScheduleSchema = z.object({
  id: z.number().int(),
  type: reportTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  email_subject: z.string().nullable(),
  context_markdown: z.string().nullable(),
  active: z.boolean(),
  crontab: z.string(),
  crontab_humanized: z.string(),
  timezone: z.string(),
  creation_method: reportCreationMethodSchema,
  sql: z.string().nullable(),
  chart_id: z.number().int().nullable(),
  dashboard_id: z.number().int().nullable(),
  database_id: z.number().int().nullable(),
  chart: z.object({ id: z.number().int(), slice_name: z.string(), viz_type: z.string() }).nullable(),
  dashboard: z.object({ id: z.number().int(), dashboard_title: z.string() }).nullable(),
  database: z.object({ id: z.number().int(), database_name: z.string() }).nullable(),
  owners: z.array(userRefSchema),
  recipients: z.array(reportRecipientSchema),
  validator_type: reportValidatorTypeSchema.nullable(),
  /** JSON text, as Superset answers it. */
  validator_config_json: z.string().nullable(),
  log_retention: z.number().int(),
  grace_period: z.number().int(),
  working_timeout: z.number().int(),
  report_format: reportFormatSchema,
  extra: reportExtraSchema,
  force_screenshot: z.boolean(),
  custom_width: z.number().int().nullable(),
  last_eval_dttm: z.string().nullable(),
  last_state: reportStateSchema.nullable(),
  last_value: z.number().nullable(),
  last_value_row_json: z.string().nullable(),
  created_by: userRefSchema.nullable(),
  changed_by: userRefSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportShowResponseSchema = z.object({ id: z.number().int(), result: reportScheduleSchema });

export const reportListResponseSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
  result: z.array(reportScheduleSchema),
});
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

/** POST (201) and PUT (200): the id and the stored fields in the request's terms. */
export const reportWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.record(z.string(), z.unknown()),
});

/** The `q` of bulk delete: `!(1,2,3)`. */
export const reportIdsSchema = z.array(id).min(1).max(1000);

/** One run of a schedule (reference §10's execution log items). */
export const reportExecutionLogSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  scheduled_dttm: z.string(),
  start_dttm: z.string().nullable(),
  end_dttm: z.string().nullable(),
  value: z.number().nullable(),
  value_row_json: z.string().nullable(),
  state: reportStateSchema,
  error_message: z.string().nullable(),
});
export type ReportExecutionLog = z.infer<typeof reportExecutionLogSchema>;

export const reportLogListResponseSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
  result: z.array(reportExecutionLogSchema),
});
export const reportLogShowResponseSchema = z.object({
  id: z.number().int(),
  result: reportExecutionLogSchema,
});
