import type { Config } from '../../../platform/config';
import { createEmailTransport } from './email-transport';
import type { DeliveryReceipt, Notification, Recipient, RecipientType, Transport } from './notification';
import { NotificationError } from './notification-error';
import { DEFAULT_RETRY, withRetry, type RetryOptions } from './retry';
import { createWebhookTransport } from './webhook-transport';

type TransportFor = { [K in RecipientType]: Transport<Extract<Recipient, { type: K }>> };

/**
 * The channels, keyed by recipient type: the one place a new channel is added. Slack would be a
 * `Slack` member of Recipient (channel ids) and a transport here that posts the files with Slack's
 * upload API (a bot token setting), throwing NotificationError like the others.
 */
export class TransportRegistry {
  private readonly transports: Partial<TransportFor> = {};

  register<K extends RecipientType>(type: K, transport: TransportFor[K]): this {
    this.transports[type] = transport;
    return this;
  }

  private transportFor<R extends Recipient>(recipient: R): Transport<R> {
    const transport = this.transports[recipient.type] as Transport<R> | undefined;
    if (transport === undefined) {
      throw new NotificationError(
        `No transport for recipients of type ${recipient.type}`,
        false,
        'NO_TRANSPORT',
      );
    }
    return transport;
  }

  /** Sends once; failures are NotificationErrors. */
  send(notification: Notification): Promise<DeliveryReceipt> {
    return this.transportFor(notification.recipient).send(notification);
  }

  /** Sends, retrying transient failures with backoff (retry.ts); the last failure is thrown. */
  deliver(notification: Notification, retry: RetryOptions = DEFAULT_RETRY): Promise<DeliveryReceipt> {
    return withRetry(() => this.send(notification), retry);
  }

  close(): void {
    for (const transport of Object.values(this.transports)) transport.close?.();
  }
}

/** E-mail and webhooks from the process's settings (TESSERA_SMTP_*, TESSERA_WEBHOOK_ALLOWLIST). */
export function createTransports(config: Pick<Config, 'smtp' | 'webhookAllowlist'>): TransportRegistry {
  return new TransportRegistry()
    .register('Email', createEmailTransport(config.smtp))
    .register('Webhook', createWebhookTransport({ allowlist: config.webhookAllowlist }));
}
