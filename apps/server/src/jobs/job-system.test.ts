import type { SqlLabQueryJob } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import type { FailedJob } from './driver';
import { InProcessDriver } from './in-process-driver';
import { JobSystem } from './job-system';
import { InvalidJobPayloadError, UnknownJobError, parseJob } from './registry';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function system() {
  const errors: [unknown, FailedJob | null][] = [];
  const driver = new InProcessDriver((error, job) => errors.push([error, job]));
  return { jobs: new JobSystem(driver), driver, errors };
}

describe('job registry', () => {
  it('refuses an unknown job name', () => {
    expect(() => parseJob('no-such-job', {})).toThrow(UnknownJobError);
    expect(() => parseJob('no-such-job', {})).toThrow('Unknown job type "no-such-job".');
  });

  it('validates the payload against the job type schema', () => {
    expect(parseJob('sqllab-query', { queryId: 3, runKey: '3-1' })).toEqual({ queryId: 3, runKey: '3-1' });
    expect(() => parseJob('sqllab-query', { queryId: -1, runKey: '3-1' })).toThrow(InvalidJobPayloadError);
    expect(() => parseJob('sqllab-query', { queryId: 3 })).toThrow(
      /Invalid payload for job type "sqllab-query"/,
    );
  });

  it('refuses to register a job type twice, or after serving started', () => {
    const { jobs } = system();
    const type = { name: 'sqllab-query' as const, concurrency: 1, handle: () => Promise.resolve() };
    jobs.register(type);
    expect(() => jobs.register(type)).toThrow(/already registered/);
    jobs.serve();
    expect(() => jobs.register(type)).toThrow(/before serve/);
  });
});

describe('JobSystem over the in-process driver', () => {
  it('queues nothing when the payload is invalid', async () => {
    const { jobs } = system();
    const bad = JSON.parse('{"queryId":"seven","runKey":"7-0"}') as SqlLabQueryJob;
    await expect(jobs.submit('sqllab-query', '7-0', bad)).rejects.toThrow(InvalidJobPayloadError);
    expect(await jobs.isQueued('sqllab-query', '7-0')).toBe(false);
  });

  it('hands registered handlers their parsed payloads, at the type concurrency', async () => {
    const { jobs } = system();
    const seen: SqlLabQueryJob[] = [];
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    jobs.register({
      name: 'sqllab-query',
      concurrency: 2,
      handle: async (job) => {
        seen.push(job);
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
      },
    });
    for (const queryId of [1, 2, 3])
      await jobs.submit('sqllab-query', `${queryId}-0`, { queryId, runKey: `${queryId}-0` });
    expect(jobs.serve()).toEqual(['sqllab-query']);
    expect(seen.map((job) => job.queryId)).toEqual([1, 2]);
    expect(await jobs.isQueued('sqllab-query', '3-0')).toBe(true);
    while (releases.length > 0) {
      releases.shift()?.();
      await tick();
    }
    expect(seen.map((job) => job.queryId)).toEqual([1, 2, 3]);
    expect(peak).toBe(2);
  });

  it('fails a job whose stored payload no longer parses instead of running the handler', async () => {
    const { jobs, driver, errors } = system();
    let ran = 0;
    jobs.register({
      name: 'sqllab-query',
      concurrency: 1,
      handle: () => {
        ran += 1;
        return Promise.resolve();
      },
    });
    jobs.serve();
    // As if written by another version straight into the queue.
    await driver.submit('sqllab-query', 'old', { query: 1 });
    await tick();
    expect(ran).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[0]).toBeInstanceOf(InvalidJobPayloadError);
    expect(errors[0]?.[1]).toEqual({ name: 'sqllab-query', id: 'old' });
  });
});
