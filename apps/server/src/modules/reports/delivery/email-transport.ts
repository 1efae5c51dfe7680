import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type Mail from 'nodemailer/lib/mailer';
import { EMAIL_REPORTS_SUBJECT_PREFIX } from '@tessera/contracts';
import type { SmtpSettings } from '../../../platform/config';
import { notificationHtml, notificationText } from './html-body';
import type { DeliveryReceipt, EmailRecipient, Notification, Transport } from './notification';
import { isTransientNetworkCode, NotificationError } from './notification-error';

/** Seconds before an SMTP server that accepts no connection, sends no greeting, or goes silent counts as down. */
const CONNECTION_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 60_000;

/** The nodemailer message for a notification: prefixed subject, images inline by content id, files attached. */
export function buildMail(
  notification: Notification & { recipient: EmailRecipient },
  from: string,
): Mail.Options {
  const runId = randomUUID();
  const cids = notification.images.map((_, index) => `image-${String(index + 1)}.${runId}@tessera`);
  const { recipient } = notification;
  return {
    from,
    to: recipient.to,
    cc: recipient.cc,
    bcc: recipient.bcc,
    subject: `${EMAIL_REPORTS_SUBJECT_PREFIX}${notification.subject}`,
    html: notificationHtml(notification, cids),
    text: notificationText(notification),
    attachments: [
      ...notification.images.map((image, index) => ({
        filename: image.name,
        content: Buffer.from(image.content),
        contentType: image.contentType,
        cid: cids[index],
        contentDisposition: 'inline' as const,
      })),
      ...notification.attachments.map((file) => ({
        filename: file.name,
        content: Buffer.from(file.content),
        contentType: file.contentType,
      })),
    ],
    headers: Object.fromEntries(
      Object.entries(notification.metadata)
        .filter(([key]) => /^[a-z0-9_]+$/i.test(key))
        // A line break in a value (a report name) must not start a header of its own.
        .map(([key, value]) => [
          `X-Tessera-${key.replace(/_/g, '-')}`,
          String(value ?? '').replace(/[\r\n]+/g, ' '),
        ]),
    ),
  };
}

function smtpFailure(error: unknown): NotificationError {
  const responseCode =
    error instanceof Error && 'responseCode' in error && typeof error.responseCode === 'number'
      ? error.responseCode
      : null;
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'UNKNOWN';
  const message = `E-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`;
  if (responseCode !== null) {
    // 4xx: "try again later" (greylisting, mailbox busy, rate limits); 5xx: refused for good.
    return new NotificationError(
      message,
      responseCode >= 400 && responseCode < 500,
      `SMTP_${String(responseCode)}`,
      {
        cause: error,
      },
    );
  }
  return new NotificationError(message, isTransientNetworkCode(code), code, { cause: error });
}

/** E-mail through one SMTP server (settings TESSERA_SMTP_*), a connection per message. */
export function createEmailTransport(settings: SmtpSettings): Transport<EmailRecipient> {
  const options: SMTPTransport.Options = {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    ...(settings.user !== null ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
  };
  const mailer = nodemailer.createTransport(options);
  return {
    type: 'Email',
    async send(notification): Promise<DeliveryReceipt> {
      const { recipient } = notification;
      if (recipient.to.length + recipient.cc.length + recipient.bcc.length === 0) {
        throw new NotificationError('The e-mail has no recipient', false, 'NO_RECIPIENT');
      }
      try {
        const info = await mailer.sendMail(buildMail(notification, settings.from));
        return { id: info.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close() {
      mailer.close();
    },
  };
}
