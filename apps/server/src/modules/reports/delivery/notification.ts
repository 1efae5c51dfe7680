import type { NotificationTable } from '@tessera/contracts';

/** One file of a notification. */
export interface NotificationFile {
  /** File name shown to the recipient (`Sales.pdf`). */
  name: string;
  /** MIME type: image/png, application/pdf, text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet. */
  contentType: string;
  content: Uint8Array;
}

/** An e-mail recipient: addresses as Superset's recipient_config_json target / ccTarget / bccTarget. */
export interface EmailRecipient {
  type: 'Email';
  to: string[];
  cc: string[];
  bcc: string[];
}

/** A webhook recipient: the URL that receives a POST per notification. */
export interface WebhookRecipient {
  type: 'Webhook';
  url: string;
}

export type Recipient = EmailRecipient | WebhookRecipient;
export type RecipientType = Recipient['type'];

/**
 * What a report or alert sends, whatever the channel. Transports build their own body from it:
 * nothing here is HTML, so every text reaches the recipient escaped.
 */
export interface Notification {
  /** Without EMAIL_REPORTS_SUBJECT_PREFIX; the e-mail transport adds it. */
  subject: string;
  recipient: Recipient;
  /** Plain text above the content (the report's description or an alert's message). */
  description: string | null;
  /** Link back to the chart or dashboard in Tessera; only http(s) URLs are linked. */
  url: string | null;
  /** Shown in the body (PNG screenshots): inline in an e-mail, a file part in a webhook. */
  images: NotificationFile[];
  /** Attached files: PDF, CSV, XLSX. */
  attachments: NotificationFile[];
  /** Format TEXT: the chart's data, drawn as an HTML table in an e-mail, sent as JSON to a webhook. */
  table: NotificationTable | null;
  /** Facts about the run for machines (report id, name, format, scheduled time...): webhook JSON and e-mail headers. */
  metadata: Record<string, string | number | boolean | null>;
}

/** What a transport answers after a successful delivery, kept in the execution log by the caller. */
export interface DeliveryReceipt {
  /** The SMTP message id, or the webhook's HTTP status. */
  id: string;
}

/** One channel. `send` throws a NotificationError, classified transient or permanent, on failure. */
export interface Transport<R extends Recipient = Recipient> {
  readonly type: R['type'];
  send(notification: Notification & { recipient: R }): Promise<DeliveryReceipt>;
  close?(): void;
}
