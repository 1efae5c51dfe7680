import {
  REPORT_DEFAULTS,
  splitEmailList,
  type ReportCreate,
  type ReportCreationMethod,
  type ReportFormat,
  type ReportSchedule,
  type ReportType,
  type ReportValidatorOperator,
} from '@tessera/contracts';
import type { FieldErrors } from '../../shared/forms/payload-result';
import type { AsyncSelectOption } from '../../shared/ui/async-select/async-select-rules';

export type ContentKind = 'chart' | 'dashboard';

/** What the dialog edits; text inputs stay text until the payload is built. */
export interface ReportFormValues {
  type: ReportType;
  name: string;
  description: string;
  owners: AsyncSelectOption[];
  database: AsyncSelectOption | null;
  sql: string;
  validatorType: 'not null' | 'operator';
  op: ReportValidatorOperator;
  threshold: string;
  content: ContentKind;
  chart: AsyncSelectOption | null;
  dashboard: AsyncSelectOption | null;
  format: ReportFormat;
  activeTabs: string[];
  customWidth: string;
  crontab: string;
  timezone: string;
  emailTo: string;
  emailCc: string;
  emailBcc: string;
  webhook: string;
  logRetention: number;
  workingTimeout: number;
  gracePeriod: number;
  active: boolean;
}

/** Formats a schedule may send per content: dashboards are screenshots, charts also data. */
export const FORMATS_BY_CONTENT: Record<ContentKind, readonly ReportFormat[]> = {
  chart: ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'],
  dashboard: ['PNG', 'PDF'],
};

/** Defaults from the bootstrap's ALERT_REPORTS_DEFAULT_* (conf), else the model's. */
export interface ReportFormDefaults {
  crontab: string;
  logRetention: number;
  workingTimeout: number;
}

export function emptyReportForm(type: ReportType, defaults: ReportFormDefaults): ReportFormValues {
  return {
    type,
    name: '',
    description: '',
    owners: [],
    database: null,
    sql: '',
    validatorType: 'not null',
    op: '>',
    threshold: '',
    content: 'chart',
    chart: null,
    dashboard: null,
    format: 'PNG',
    activeTabs: [],
    customWidth: '',
    crontab: defaults.crontab,
    timezone: REPORT_DEFAULTS.timezone,
    emailTo: '',
    emailCc: '',
    emailBcc: '',
    webhook: '',
    logRetention: defaults.logRetention,
    workingTimeout: defaults.workingTimeout,
    gracePeriod: REPORT_DEFAULTS.grace_period,
    active: true,
  };
}

function parseConfig(text: string): { target?: unknown; ccTarget?: unknown; bccTarget?: unknown } {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function validatorOf(text: string | null): { op?: unknown; threshold?: unknown } {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

const OPERATORS: readonly string[] = ['<', '<=', '>', '>=', '==', '!='];
const isOperator = (value: unknown): value is ReportValidatorOperator =>
  typeof value === 'string' && OPERATORS.includes(value);

/** The form of a stored schedule (the dialog's edit mode). */
export function formFromReport(report: ReportSchedule): ReportFormValues {
  const email = report.recipients.find((recipient) => recipient.type === 'Email');
  const webhook = report.recipients.find((recipient) => recipient.type === 'Webhook');
  const emailConfig = email === undefined ? {} : parseConfig(email.recipient_config_json);
  const validator = validatorOf(report.validator_config_json);
  return {
    type: report.type,
    name: report.name,
    description: report.description ?? '',
    owners: report.owners.map((owner) => ({
      value: owner.id,
      label: `${owner.first_name} ${owner.last_name}`.trim(),
    })),
    database:
      report.database === null ? null : { value: report.database.id, label: report.database.database_name },
    sql: report.sql ?? '',
    validatorType: report.validator_type ?? 'not null',
    op: isOperator(validator.op) ? validator.op : '>',
    threshold: typeof validator.threshold === 'number' ? String(validator.threshold) : '',
    content: report.dashboard === null ? 'chart' : 'dashboard',
    chart: report.chart === null ? null : { value: report.chart.id, label: report.chart.slice_name },
    dashboard:
      report.dashboard === null
        ? null
        : { value: report.dashboard.id, label: report.dashboard.dashboard_title },
    format: report.report_format,
    activeTabs: report.extra.dashboard?.activeTabs ?? [],
    customWidth: report.custom_width === null ? '' : String(report.custom_width),
    crontab: report.crontab,
    timezone: report.timezone,
    emailTo: str(emailConfig.target),
    emailCc: str(emailConfig.ccTarget),
    emailBcc: str(emailConfig.bccTarget),
    webhook: webhook === undefined ? '' : str(parseConfig(webhook.recipient_config_json).target),
    logRetention: report.log_retention,
    workingTimeout: report.working_timeout,
    gracePeriod: report.grace_period,
    active: report.active,
  };
}

/** Which form field each recipient of the payload came from, for the server's `recipients.N.…` errors. */
type RecipientSlot = 'email' | 'webhook';

export interface BuiltPayload {
  body: ReportCreate;
  recipientSlots: RecipientSlot[];
}

const idOf = (option: AsyncSelectOption | null): number | null =>
  option === null ? null : Number(option.value);

/** Checks the browser can make before sending (the server checks everything again). */
export function localErrors(values: ReportFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = ['Name is required.'];
  if (values.crontab.trim() === '') errors.crontab = ['Crontab is required.'];
  if (values.type === 'Alert') {
    if (values.database === null) errors.database = ['Database is required for alerts'];
    if (values.sql.trim() === '') errors.sql = ['SQL is required for alerts'];
    if (values.validatorType === 'operator' && !Number.isFinite(Number.parseFloat(values.threshold)))
      errors.validator_config_json = ['Enter a number to compare with.'];
  }
  const content = values.content === 'chart' ? values.chart : values.dashboard;
  if (content === null)
    errors[values.content] = [`Choose a ${values.content === 'chart' ? 'chart' : 'dashboard'}.`];
  if (values.customWidth.trim() !== '' && !/^\d+$/.test(values.customWidth.trim()))
    errors.custom_width = ['Enter a width in pixels.'];
  if (splitEmailList(values.emailTo).length === 0 && values.webhook.trim() === '')
    errors.recipients = ['Add an e-mail address or a webhook URL.'];
  return errors;
}

export interface PayloadOptions {
  /** Sent on create only: an edit keeps how the schedule was made (a header menu's stays 'charts'). */
  creationMethod: ReportCreationMethod | null;
  /** The header menus' simpler dialog does not show owners, so it leaves them to the server. */
  sendOwners: boolean;
}

/** The POST body (PUT sends the same fields) and where each recipient came from. */
export function buildPayload(values: ReportFormValues, options: PayloadOptions): BuiltPayload {
  const recipients: ReportCreate['recipients'] = [];
  const recipientSlots: RecipientSlot[] = [];
  if (values.emailTo.trim() !== '' || values.emailCc.trim() !== '' || values.emailBcc.trim() !== '') {
    recipients.push({
      type: 'Email',
      recipient_config_json: {
        target: values.emailTo.trim(),
        ...(values.emailCc.trim() === '' ? {} : { ccTarget: values.emailCc.trim() }),
        ...(values.emailBcc.trim() === '' ? {} : { bccTarget: values.emailBcc.trim() }),
      },
    });
    recipientSlots.push('email');
  }
  if (values.webhook.trim() !== '') {
    recipients.push({ type: 'Webhook', recipient_config_json: { target: values.webhook.trim() } });
    recipientSlots.push('webhook');
  }
  const dashboard = values.content === 'dashboard';
  const alert = values.type === 'Alert';
  const width = values.customWidth.trim();
  const body: ReportCreate = {
    type: values.type,
    name: values.name.trim(),
    description: values.description,
    ...(options.sendOwners ? { owners: values.owners.map((owner) => Number(owner.value)) } : {}),
    active: values.active,
    crontab: values.crontab.trim(),
    timezone: values.timezone,
    chart: dashboard ? null : idOf(values.chart),
    dashboard: dashboard ? idOf(values.dashboard) : null,
    database: alert ? idOf(values.database) : null,
    sql: alert ? values.sql : null,
    validator_type: alert ? values.validatorType : null,
    validator_config_json: !alert
      ? null
      : values.validatorType === 'operator'
        ? { op: values.op, threshold: Number.parseFloat(values.threshold) }
        : {},
    report_format: values.format,
    extra: dashboard && values.activeTabs.length > 0 ? { dashboard: { activeTabs: values.activeTabs } } : {},
    custom_width: width === '' ? null : Number.parseInt(width, 10),
    recipients,
    log_retention: values.logRetention,
    working_timeout: values.workingTimeout,
    grace_period: values.gracePeriod,
    ...(options.creationMethod === null ? {} : { creation_method: options.creationMethod }),
  };
  return { body, recipientSlots };
}

/** The form field a server error key names (`recipients.0.recipient_config_json.target` → `emailTo`). */
export function formFieldOf(key: string, recipientSlots: readonly RecipientSlot[]): string {
  const parts = key.split('.');
  const head = parts[0] ?? key;
  if (head === 'recipients' && parts.length > 1) {
    const slot = recipientSlots[Number(parts[1])];
    const leaf = parts[parts.length - 1];
    if (slot === 'webhook') return 'webhook';
    if (slot === 'email')
      return leaf === 'ccTarget' ? 'emailCc' : leaf === 'bccTarget' ? 'emailBcc' : 'emailTo';
    return 'recipients';
  }
  if (head === 'extra') return 'activeTabs';
  return head;
}

/** The server's per-field messages regrouped under the form's fields. */
export function formFieldErrors(
  serverErrors: Readonly<Record<string, string[]>>,
  recipientSlots: readonly RecipientSlot[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(serverErrors)) {
    (errors[formFieldOf(key, recipientSlots)] ??= []).push(...messages);
  }
  return errors;
}
