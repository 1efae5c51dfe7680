import { z } from 'zod';

/** One field of the schedule form: a JSON-schema property of a plain type. */
export const scheduleFieldSchema = z.object({
  type: z.enum(['string', 'number', 'integer', 'boolean']),
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  enum: z
    .array(z.union([z.string().max(500), z.number()]))
    .max(500)
    .optional(),
  default: z.union([z.string().max(2000), z.number(), z.boolean()]).optional(),
  /** 'date-time' and 'date' show a date picker; anything else a text box. */
  format: z.string().max(50).optional(),
});
export type ScheduleField = z.infer<typeof scheduleFieldSchema>;

/** A schedule field name: it becomes a key of `schedule_info` in the saved query's extra_json. */
export const SCHEDULE_FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * SCHEDULED_QUERIES (spec 000 §2, §8; Superset's config key of the same name): the JSON schema of the
 * form the 'Schedule query' action asks for. Null (the default): the action is not offered. What is
 * filled in is stored with the saved query as `extra_json = {"schedule_info": {…}}`, for an outside
 * scheduler to read; `linkback` is shown with the saved query.
 */
export const scheduledQueriesConfSchema = z
  .object({
    JSONSCHEMA: z.object({
      title: z.string().max(200).optional(),
      description: z.string().max(2000).optional(),
      properties: z
        .record(z.string().regex(SCHEDULE_FIELD_NAME), scheduleFieldSchema)
        .refine((properties) => Object.keys(properties).length <= 50, 'At most 50 schedule fields'),
      required: z.array(z.string().regex(SCHEDULE_FIELD_NAME)).max(50).default([]),
    }),
    UISCHEMA: z.record(z.string(), z.unknown()).optional(),
    linkback: z.string().max(2000).optional(),
  })
  .nullable();
export type ScheduledQueriesConf = z.infer<typeof scheduledQueriesConfSchema>;

/** A value the schedule form collects for one field. */
export const scheduleValueSchema = z.union([z.string().max(2000), z.number(), z.boolean()]);
export type ScheduleInfo = Record<string, z.infer<typeof scheduleValueSchema>>;
