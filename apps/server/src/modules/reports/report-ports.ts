import type {
  NotificationTable,
  ReportExtra,
  ReportFormat,
  ReportRecipientType,
  ReportType,
} from '@tessera/contracts';

/**
 * What the executor needs from the screenshot renderer and the notification transports (built in
 * modules/screenshots and reports/delivery). They are handed in, not imported: the executor is
 * tested with its own doubles, and the process that runs jobs decides which ones it has.
 */

/** A rendering on behalf of `userId` (their permissions decide what is drawn), cut short by `signal`. */
export interface RenderRequest {
  userId: number;
  /** custom_width in CSS pixels; null for the renderer's default. */
  width: number | null;
  signal: AbortSignal;
}

export interface DashboardRenderRequest extends RenderRequest {
  dashboardId: number;
  /**
   * `extra.dashboard` of the schedule: the selected tabs (`anchor` as a JSON list, or `activeTabs`;
   * none: every tab), dataMask, a single anchor, urlParams.
   */
  dashboard: NonNullable<ReportExtra['dashboard']>;
  /**
   * One of the selected tabs alone (a PNG report sends one image per selected tab, as Superset does);
   * absent: what `dashboard` selects (a PDF prints the selected tabs in turn in one file).
   */
  tab?: string;
}

export interface ReportRenderer {
  chartPng(request: RenderRequest & { chartId: number }): Promise<Buffer>;
  dashboardPng(request: DashboardRenderRequest): Promise<Buffer>;
  dashboardPdf(request: DashboardRenderRequest): Promise<Buffer>;
}

export interface ReportFile {
  name: string;
  contentType: string;
  data: Buffer;
}

/** One stored recipient, parsed: e-mail addresses (comma or semicolon separated) or a webhook URL. */
export interface ReportRecipient {
  type: ReportRecipientType;
  target: string;
  ccTarget?: string | undefined;
  bccTarget?: string | undefined;
}

export interface ReportNotification {
  reportId: number;
  name: string;
  type: ReportType;
  format: ReportFormat;
  /** email_subject or the name; the e-mail transport puts EMAIL_REPORTS_SUBJECT_PREFIX before it. */
  subject: string;
  description: string | null;
  /** Path of the chart or dashboard on this server (the sender makes it absolute), null for a bare alert. */
  path: string | null;
  scheduledDttm: string;
  /** The execution log row's uuid: an idempotency key for receivers that want one. */
  runUuid: string;
  /** PNG, PDF, CSV, XLSX content; empty for TEXT and for an alert with nothing attached. */
  files: ReportFile[];
  /** TEXT: the chart's data, drawn as an HTML table in the mail body. */
  table: NotificationTable | null;
  /** Plain-text body (alerts say what fired and with which value). */
  text: string;
}

export interface NotificationSender {
  /**
   * Delivers to every recipient (the transport per recipient type). Rejects when any delivery failed
   * after its retries; the executor records the run Error with REPORT_NOTIFICATION_ERROR.
   */
  send(
    recipients: readonly ReportRecipient[],
    notification: ReportNotification,
    signal: AbortSignal,
  ): Promise<void>;
}

/** The renderer and the sender a process runs reports with; null where it has none. */
export interface ReportPorts {
  renderer: ReportRenderer | null;
  sender: NotificationSender | null;
}
