import { GENERIC_DATA_TYPES, type GenericDataType, type PostProcessingStep } from '@tessera/contracts';
import { PostProcessingError, TimeRangeError, applyPostProcessing, createFrame } from '@tessera/core';
import { ChartDataError } from './chart-data-error';
import type { Frame } from './frame';

function typeOf(values: unknown[]): GenericDataType {
  const sample = values.find((value) => value !== null && value !== undefined);
  if (typeof sample === 'boolean') return GENERIC_DATA_TYPES.BOOLEAN;
  if (typeof sample === 'string' || typeof sample === 'object') return GENERIC_DATA_TYPES.STRING;
  return GENERIC_DATA_TYPES.NUMERIC;
}

/**
 * Applies a query's post-processing steps (packages/core `applyPostProcessing`) to its frame.
 * Temporal columns stay temporal; new columns are typed from their values. A step the engine
 * refuses is the client's mistake: 400 with its message.
 */
export function postProcess(frame: Frame, steps: readonly (PostProcessingStep | null)[]): Frame {
  if (!steps.some((step) => step !== null)) return frame;
  const temporal = frame.colnames.filter(
    (_name, index) => frame.coltypes[index] === GENERIC_DATA_TYPES.TEMPORAL,
  );
  let processed;
  try {
    processed = applyPostProcessing(createFrame(frame.colnames, frame.data, { temporal }), steps);
  } catch (error) {
    if (error instanceof PostProcessingError || error instanceof TimeRangeError)
      throw ChartDataError.message(400, error.message);
    throw error;
  }
  const temporalAfter = processed.temporal ?? temporal;
  return {
    colnames: processed.columns,
    coltypes: processed.columns.map((name) =>
      temporalAfter.includes(name)
        ? GENERIC_DATA_TYPES.TEMPORAL
        : typeOf(processed.rows.map((row) => row[name])),
    ),
    data: processed.rows,
  };
}
