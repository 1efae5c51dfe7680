import { chartDataJobModule } from '../modules/chart-data/async-chart-data';
import { reportJobModule } from '../modules/reports/report-jobs';
import { sqlLabJobModule } from '../modules/sqllab/worker-module';
import type { JobModule } from './job-module';

/** Every feature whose jobs `tessera worker` runs. A new job type's module is added here. */
export const WORKER_JOB_MODULES: readonly JobModule[] = [
  sqlLabJobModule,
  reportJobModule,
  chartDataJobModule,
];
