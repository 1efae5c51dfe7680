import type { Action, ThunkAction } from '@reduxjs/toolkit';
import {
  annotationLayerConfigSchema,
  type AnnotationLayerConfig,
  type QueryContext,
} from '@tessera/contracts';
import { annotationQueryOutcome, isRecord, type ExploreFormData } from '@tessera/core';
import type { RootState } from '../../app/store';
import { toApiError } from '../../shared/errors/to-api-error';
import { chartDataApi } from './chart-data-api';
import {
  annotationLayerDropped,
  annotationQueryFailed,
  annotationQueryStarted,
  annotationQuerySucceeded,
} from './chart-status.slice';
import { selectChart } from './chart-store';
import type { ChartRuntimeExtra } from './runtime-extra';

type ChartThunk<Result = void> = ThunkAction<Result, RootState, ChartRuntimeExtra, Action>;

/** The key of one layer's query among the store's annotation requests. */
export const annotationRequestKey = (chartId: number, layer: string): string =>
  `${String(chartId)}\u0000${layer}`;

/** Layers whose data the server answers (NATIVE); formulas need none, other sources are not queried here. */
function queriedLayers(formData: ExploreFormData): AnnotationLayerConfig[] {
  const raw = formData.annotation_layers;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = annotationLayerConfigSchema.safeParse(item);
    return parsed.success && parsed.data.show && parsed.data.sourceType === 'NATIVE' ? [parsed.data] : [];
  });
}

let requestCounter = 0;
const nextRequestId = (): string => {
  requestCounter += 1;
  return `annotation-${String(requestCounter)}`;
};

/**
 * One layer's annotation query (spec 001 §4): the chart's own query context with only this layer, so
 * the server answers it over the chart's time range from the result cache the chart's query just
 * filled. A newer query of the same layer aborts the earlier one; success stores
 * `annotation_data[layer]`; a timeout fails with 'Query timeout', a 'no data' answer succeeds, any
 * other failure stores its message or 'Network error.'.
 */
function runAnnotationQuery(
  chartId: number,
  layer: AnnotationLayerConfig,
  context: QueryContext,
): ChartThunk<Promise<void>> {
  return async (dispatch, _getState, { annotationRequests }) => {
    const layerContext: QueryContext = {
      ...context,
      queries: context.queries.slice(0, 1).map((query) => ({ ...query, annotation_layers: [layer] })),
    };
    const requestId = nextRequestId();
    const { outcome } = annotationRequests.run(
      annotationRequestKey(chartId, layer.name),
      JSON.stringify(layerContext),
      () => {
        const request = dispatch(chartDataApi.endpoints.runChartData.initiate(layerContext));
        return {
          abort: () => {
            request.abort();
          },
          result: request,
        };
      },
      () => dispatch(annotationQueryStarted({ chartId, layer: layer.name, requestId })),
    );
    const settled = await outcome;
    if (settled.kind === 'superseded') return;
    const result = settled.result;
    const base = { chartId, layer: layer.name, requestId };
    if ('data' in result && result.data !== undefined) {
      const data = result.data.result[0]?.annotation_data?.[layer.name] ?? null;
      dispatch(annotationQuerySucceeded({ ...base, data }));
      return;
    }
    const error = 'error' in result ? result.error : undefined;
    if (isRecord(error) && error.name === 'AbortError') return;
    const decided = annotationQueryOutcome(toApiError(error));
    if (decided.kind === 'success') dispatch(annotationQuerySucceeded({ ...base, data: null }));
    else dispatch(annotationQueryFailed({ ...base, error: decided.error }));
  };
}

/**
 * After the chart's query succeeded: one annotation query per shown NATIVE layer, and the data of
 * layers no longer in the form forgotten (their requests aborted).
 */
export function runAnnotationQueries(
  chartId: number,
  formData: ExploreFormData,
  context: QueryContext,
): ChartThunk<Promise<void>> {
  return async (dispatch, getState, { annotationRequests }) => {
    const layers = queriedLayers(formData);
    const kept = new Set(layers.map((layer) => layer.name));
    const chart = selectChart(getState(), chartId);
    const known = new Set([
      ...Object.keys(chart.annotationData),
      ...Object.keys(chart.annotationError),
      ...Object.keys(chart.annotationQuery),
    ]);
    for (const name of known) {
      if (kept.has(name)) continue;
      annotationRequests.stop(annotationRequestKey(chartId, name));
      dispatch(annotationLayerDropped({ chartId, layer: name }));
    }
    await Promise.all(layers.map((layer) => dispatch(runAnnotationQuery(chartId, layer, context))));
  };
}
