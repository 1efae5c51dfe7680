import type { PostProcessingStep } from '@tessera/contracts';
import { ChartDataError } from './chart-data-error';
import type { Frame } from './frame';

/**
 * Applies a query's post-processing steps to its frame. The operations (pivot, rolling, resample…)
 * live in packages/core (`applyPostProcessing`, branch `postproc`); until that lands a query that
 * asks for one is refused with 400 naming it, rather than answered unprocessed.
 */
export function postProcess(frame: Frame, steps: readonly (PostProcessingStep | null)[]): Frame {
  const operations = steps.filter((step): step is PostProcessingStep => step !== null);
  const [first] = operations;
  if (first) throw ChartDataError.message(400, `Unsupported post processing operation: ${first.operation}`);
  return frame;
}
