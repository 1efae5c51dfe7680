import type { PostProcessingStep } from '@tessera/contracts';
import { aggregateOperation } from './aggregate';
import { boxplotOperation } from './boxplot';
import { compareOperation } from './compare';
import { contributionOperation } from './contribution';
import { cumOperation } from './cum';
import type { Operation } from './define-operation';
import { diffOperation } from './diff';
import { flattenOperation } from './flatten';
import type { Frame } from './frame';
import { histogramOperation } from './histogram';
import { pivotOperation } from './pivot';
import { rankOperation } from './rank';
import { PostProcessingError } from './post-processing-error';
import { renameOperation } from './rename';
import { resampleOperation } from './resample';
import { rollingOperation } from './rolling';
import { selectOperation } from './select';
import { sortOperation } from './sort';

/** The operations of Superset's pandas_postprocessing that Tessera runs, by the name clients send. */
export const POST_PROCESSING_OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  [
    aggregateOperation,
    boxplotOperation,
    compareOperation,
    contributionOperation,
    cumOperation,
    diffOperation,
    flattenOperation,
    histogramOperation,
    pivotOperation,
    rankOperation,
    renameOperation,
    resampleOperation,
    rollingOperation,
    selectOperation,
    sortOperation,
  ].map((operation) => [operation.name, operation]),
);

/**
 * Runs a query object's `post_processing` steps in order (null steps are skipped, as Superset does).
 * Throws PostProcessingError for an unknown operation, invalid options or data the step cannot handle.
 */
export function applyPostProcessing(
  frame: Frame,
  steps: readonly (PostProcessingStep | null | undefined)[],
): Frame {
  let result = frame;
  for (const step of steps) {
    if (!step) continue;
    const operation = POST_PROCESSING_OPERATIONS.get(step.operation);
    if (!operation) throw new PostProcessingError(`Unsupported post processing operation: ${step.operation}`);
    result = operation.apply(result, step.options ?? {});
  }
  return result;
}
