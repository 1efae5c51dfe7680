export type {
  DeliveryReceipt,
  EmailRecipient,
  Notification,
  NotificationFile,
  Recipient,
  RecipientType,
  Transport,
  WebhookRecipient,
} from './notification';
export { asNotificationError, NotificationError } from './notification-error';
export { backoffDelay, DEFAULT_RETRY, withRetry, type RetryOptions } from './retry';
export { createEmailTransport } from './email-transport';
export { createWebhookTransport, resolveWebhookTarget, type WebhookOptions } from './webhook-transport';
export { classifyAddress, WebhookAllowlist } from './address-guard';
export { createTransports, TransportRegistry } from './transports';
