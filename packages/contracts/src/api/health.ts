import { z } from 'zod';

/** One backend the server needs, as GET /health/ready saw it. */
export const backendStateSchema = z.enum(['up', 'down']);

/**
 * GET /health/ready: 200 when every required backend answers, 503 naming the ones that do not.
 * `redis` is present only when REDIS_URL is set. (GET /health is liveness: plain `OK`, no checks.)
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  backends: z.object({
    metadata: backendStateSchema,
    redis: backendStateSchema.optional(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
