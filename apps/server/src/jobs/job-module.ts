import type { AppContext } from '../context';
import type { JobSystem } from './job-system';

/**
 * What a feature brings to `tessera worker`: opening it registers its job handlers into `jobs`
 * (and starts whatever they need: connections, sweeps); closing it cancels its running work.
 */
export interface JobModule {
  readonly name: string;
  open(ctx: AppContext, jobs: JobSystem): Promise<{ close(): Promise<void> }>;
}
