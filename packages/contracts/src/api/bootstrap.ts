import { z } from 'zod';
import { meSchema } from './security';

/** What the browser gets with index.html and from GET /api/v1/bootstrap/. */
export const bootstrapSchema = z.object({
  user: meSchema
    .extend({
      roles: z.array(z.string()),
      is_admin: z.boolean(),
      permissions: z.array(z.tuple([z.string(), z.string()])),
    })
    .nullable(),
  common: z.object({
    // Plain values, and a few objects (SCHEDULED_QUERIES), each checked where it is read.
    conf: z.record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean(), z.null(), z.record(z.string(), z.unknown())]),
    ),
    feature_flags: z.record(z.string(), z.boolean()),
    version: z.string(),
  }),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;
