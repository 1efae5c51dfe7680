import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  CHART_MESSAGES,
  chartRenderFailedMessage,
  type ChartDataResultItem,
  type SupersetError,
} from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';

export type ChartStatus = 'loading' | 'success' | 'failed' | 'stopped' | 'rendered';

/**
 * Spec 001 §3 'Chart state' (the parts charts use so far). The query controller lives in the store's
 * `ChartRequests` (thunk extra argument), since AbortControllers are not serializable.
 */
export interface ChartState {
  id: number;
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  chartStackTrace: string | null;
  /** The SIP-40 errors and link of the last failure: they choose how the error is drawn (spec 001 §8). */
  chartErrors: SupersetError[] | null;
  chartErrorLink: string | null;
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
  latestQueryFormData: ExploreFormData;
  queriesResponse: ChartDataResultItem[] | null;
  triggerQuery: boolean;
  lastRendered: number | null;
  /** The form data of the query whose result was last drawn: what the chart on screen shows. */
  renderedFormData: ExploreFormData | null;
  /**
   * Annotation layers by name (spec 001 §3, §4): the query in flight (its request id; the abort
   * controller lives in the store's annotation `ChartRequests`), the data of the last success and the
   * error of the last failure.
   */
  annotationQuery: Record<string, string>;
  annotationData: Record<string, unknown>;
  annotationError: Record<string, string>;
}

export type ChartsState = Record<number, ChartState>;

export function initialChartState(id: number): ChartState {
  return {
    id,
    chartStatus: null,
    chartAlert: null,
    chartStackTrace: null,
    chartErrors: null,
    chartErrorLink: null,
    chartUpdateStartTime: null,
    chartUpdateEndTime: null,
    latestQueryFormData: {},
    queriesResponse: null,
    triggerQuery: false,
    lastRendered: null,
    renderedFormData: null,
    annotationQuery: {},
    annotationData: {},
    annotationError: {},
  };
}

function chart(state: ChartsState, id: number): ChartState {
  state[id] ??= initialChartState(id);
  return state[id];
}

/** The record less one key (a dynamic `delete` on a draft is what the lint rule forbids). */
function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

interface AnnotationAt {
  chartId: number;
  /** The layer's name: its key in form data and in the chart-data `annotation_data`. */
  layer: string;
  requestId: string;
}

interface ChartAt {
  chartId: number;
  /** Milliseconds since the epoch, passed in so the reducer stays pure. */
  at: number;
}

/**
 * Chart status transitions of spec 001 §4 'Chart status', keyed by chart id so one store holds every
 * chart on a page (Explore's one, a dashboard's fifty). Pure: times come in with the actions.
 */
export const chartsSlice = createSlice({
  name: 'charts',
  initialState: (): ChartsState => ({}),
  reducers: {
    chartUpdateStarted(state, { payload }: PayloadAction<ChartAt & { formData: ExploreFormData }>) {
      const target = chart(state, payload.chartId);
      target.chartStatus = 'loading';
      target.chartAlert = null;
      target.chartStackTrace = null;
      target.chartErrors = null;
      target.chartErrorLink = null;
      target.chartUpdateEndTime = null;
      target.chartUpdateStartTime = payload.at;
      target.latestQueryFormData = payload.formData;
      target.triggerQuery = false;
    },
    chartUpdateSucceeded(
      state,
      { payload }: PayloadAction<ChartAt & { queriesResponse: ChartDataResultItem[] }>,
    ) {
      const target = chart(state, payload.chartId);
      target.chartStatus = 'success';
      target.chartAlert = null;
      target.queriesResponse = payload.queriesResponse;
      target.chartUpdateEndTime = payload.at;
    },
    chartUpdateFailed(
      state,
      {
        payload,
      }: PayloadAction<
        ChartAt & {
          queriesResponse?: ChartDataResultItem[];
          message?: string | null;
          stackTrace?: string | null;
          errors?: SupersetError[] | null;
          link?: string | null;
        }
      >,
    ) {
      const target = chart(state, payload.chartId);
      const firstError = payload.queriesResponse?.[0]?.error;
      target.chartStatus = 'failed';
      target.chartAlert = firstError ?? payload.message ?? CHART_MESSAGES.networkError;
      target.chartStackTrace = payload.queriesResponse?.[0]?.stacktrace ?? payload.stackTrace ?? null;
      target.chartErrors = payload.errors ?? null;
      target.chartErrorLink = payload.link ?? null;
      target.queriesResponse = payload.queriesResponse ?? null;
      target.chartUpdateEndTime = payload.at;
    },
    chartUpdateStopped(state, { payload }: PayloadAction<ChartAt>) {
      const target = chart(state, payload.chartId);
      target.chartStatus = 'stopped';
      target.chartAlert = CHART_MESSAGES.stopped;
      target.chartUpdateEndTime = payload.at;
    },
    chartRenderingSucceeded(state, { payload }: PayloadAction<ChartAt>) {
      const target = chart(state, payload.chartId);
      // A late render report of a superseded response must not hide a newer load or failure.
      if (target.chartStatus !== 'success') return;
      target.chartStatus = 'rendered';
      target.lastRendered = payload.at;
      target.renderedFormData = target.latestQueryFormData;
    },
    chartRenderingFailed(
      state,
      { payload }: PayloadAction<{ chartId: number; error: string; stackTrace: string | null }>,
    ) {
      const target = chart(state, payload.chartId);
      target.chartStatus = 'failed';
      target.chartAlert = chartRenderFailedMessage(payload.error);
      target.chartStackTrace = payload.stackTrace;
    },
    /** Spec 001 §4: the layer's newer query replaces any earlier one (which the thunk has aborted). */
    annotationQueryStarted(state, { payload }: PayloadAction<AnnotationAt>) {
      chart(state, payload.chartId).annotationQuery[payload.layer] = payload.requestId;
    },
    /** Success stores the data and clears the error; an answer to a superseded query changes nothing. */
    annotationQuerySucceeded(state, { payload }: PayloadAction<AnnotationAt & { data: unknown }>) {
      const target = chart(state, payload.chartId);
      if (target.annotationQuery[payload.layer] !== payload.requestId) return;
      target.annotationData[payload.layer] = payload.data;
      target.annotationError = without(target.annotationError, payload.layer);
      target.annotationQuery = without(target.annotationQuery, payload.layer);
    },
    /** Failure stores the error, or 'Network error.' when there is none. */
    annotationQueryFailed(state, { payload }: PayloadAction<AnnotationAt & { error: string | null }>) {
      const target = chart(state, payload.chartId);
      if (target.annotationQuery[payload.layer] !== payload.requestId) return;
      target.annotationError[payload.layer] = payload.error ?? CHART_MESSAGES.networkError;
      target.annotationQuery = without(target.annotationQuery, payload.layer);
    },
    /** A layer removed from the chart's form: its data, error and query go with it. */
    annotationLayerDropped(state, { payload }: PayloadAction<{ chartId: number; layer: string }>) {
      const target = chart(state, payload.chartId);
      target.annotationData = without(target.annotationData, payload.layer);
      target.annotationError = without(target.annotationError, payload.layer);
      target.annotationQuery = without(target.annotationQuery, payload.layer);
    },
    triggerQuery(state, { payload }: PayloadAction<{ chartId: number; value: boolean }>) {
      const target = chart(state, payload.chartId);
      target.triggerQuery = payload.value;
      if (payload.value) target.chartStatus = 'loading';
    },
    chartRemoved(state, { payload }: PayloadAction<number>) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the store is keyed by chart id
      delete state[payload];
    },
    /**
     * The page's datasources arrived (spec 001 §4): a chart that failed with a stack trace (its render
     * threw, often for want of the dataset) is cleared so it draws again from the data it holds, or
     * queries again when it holds none. Charts failed by the server's answer alone keep their error.
     */
    datasourcesSet(state) {
      for (const target of Object.values(state)) {
        if (target.chartStatus !== 'failed' || target.chartStackTrace === null) continue;
        target.chartStatus = target.queriesResponse === null ? null : 'success';
        target.chartAlert = null;
        target.chartStackTrace = null;
      }
    },
    /** A chart saved for the first time moves from its placeholder key to its slice id. */
    chartIdUpdated(state, { payload }: PayloadAction<{ from: number; to: number }>) {
      const source = state[payload.from];
      if (source === undefined) return;
      state[payload.to] = { ...source, id: payload.to };
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the store is keyed by chart id
      delete state[payload.from];
    },
  },
});

export const {
  chartUpdateStarted,
  chartUpdateSucceeded,
  chartUpdateFailed,
  chartUpdateStopped,
  chartRenderingSucceeded,
  chartRenderingFailed,
  triggerQuery,
  annotationQueryStarted,
  annotationQuerySucceeded,
  annotationQueryFailed,
  annotationLayerDropped,
  chartRemoved,
  chartIdUpdated,
  datasourcesSet,
} = chartsSlice.actions;
