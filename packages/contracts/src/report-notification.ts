import { z } from 'zod';

/** A table sent in a notification (report format TEXT): column names and rows of plain values. */
export const notificationTableSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
});
export type NotificationTable = z.infer<typeof notificationTableSchema>;

/**
 * The JSON document a report webhook receives: the `metadata` part of its multipart/form-data POST.
 * Every file part is listed in `files` by the form field that carries it.
 */
export const webhookPayloadSchema = z.object({
  subject: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  table: notificationTableSchema.nullable(),
  files: z.array(
    z.object({
      field: z.string(),
      name: z.string(),
      content_type: z.string(),
      size: z.number().int().nonnegative(),
      inline: z.boolean(),
    }),
  ),
  metadata: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
