import { JOB_PAYLOAD_SCHEMAS, isJobName, type JobName, type JobPayload } from '@tessera/contracts';

export type JobHandler<N extends JobName> = (payload: JobPayload<N>) => Promise<void>;

export interface JobType<N extends JobName> {
  name: N;
  handle: JobHandler<N>;
  /** Jobs of this type one process runs at a time, unless the worker is told otherwise. */
  concurrency: number;
}

/** A job type's handler, as the registry keeps it: payloads are parsed before it runs. */
interface RegisteredJob {
  name: JobName;
  concurrency: number;
  run(payload: unknown): Promise<void>;
}

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`Unknown job type "${name}".`);
    this.name = 'UnknownJobError';
  }
}

export class InvalidJobPayloadError extends Error {
  constructor(name: string, detail: string) {
    super(`Invalid payload for job type "${name}": ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** Checks a job name and payload that came from outside the type system (Redis, a caller's string). */
export function parseJob<N extends JobName>(name: N, payload: unknown): JobPayload<N>;
export function parseJob(name: string, payload: unknown): unknown;
export function parseJob(name: string, payload: unknown): unknown {
  if (!isJobName(name)) throw new UnknownJobError(name);
  const parsed = JOB_PAYLOAD_SCHEMAS[name].safeParse(payload);
  if (!parsed.success)
    throw new InvalidJobPayloadError(name, parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

/**
 * The handlers this process can run, by job type. Schemas live in contracts (every process knows
 * every payload); handlers are registered by the modules that own them, so a process serves the
 * job types whose modules it loaded.
 */
export class JobRegistry {
  private readonly jobs = new Map<JobName, RegisteredJob>();

  register<N extends JobName>(type: JobType<N>): void {
    if (this.jobs.has(type.name)) throw new Error(`Job type "${type.name}" is already registered.`);
    this.jobs.set(type.name, {
      name: type.name,
      concurrency: Math.max(1, type.concurrency),
      run: async (payload) => type.handle(parseJob(type.name, payload)),
    });
  }

  get(name: string): RegisteredJob {
    const job = isJobName(name) ? this.jobs.get(name) : undefined;
    if (!job) throw new UnknownJobError(name);
    return job;
  }

  names(): JobName[] {
    return [...this.jobs.keys()];
  }
}
