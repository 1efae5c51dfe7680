import type { z } from 'zod';
import type { Frame } from './frame';
import { PostProcessingError } from './post-processing-error';

export interface Operation {
  name: string;
  /** Validates the raw options (throws PostProcessingError) and runs. */
  apply(frame: Frame, options: unknown): Frame;
}

export function parseOptions<S extends z.ZodType>(
  operation: string,
  schema: S,
  options: unknown,
): z.output<S> {
  const result = schema.safeParse(options ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  throw new PostProcessingError(
    `Invalid options for post processing operation ${operation}${where}: ${issue?.message ?? 'invalid'}`,
  );
}

export function defineOperation<S extends z.ZodType>(
  name: string,
  schema: S,
  run: (frame: Frame, options: z.output<S>) => Frame,
): Operation {
  return { name, apply: (frame, options) => run(frame, parseOptions(name, schema, options)) };
}
