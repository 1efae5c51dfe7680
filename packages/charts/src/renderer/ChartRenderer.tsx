import { Component, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  chartRenderFailedMessage,
  type ChartDataResultItem,
  type ExploreDatasource,
} from '@tessera/contracts';
import type {
  ChartHooks,
  ChartPlugin,
  ChartRenderCallbacks,
  DataMask,
  FormData,
  LabelColorResolver,
  RenderFailure,
} from '../plugin-api';
import { getChartPlugin } from '../registry';
import { lazyChart } from './chart-components';
import { RenderAttempt, RenderAttemptContext } from './paint-signal';

/**
 * `onRenderSuccess` is called once per drawn set of props (data, size, theme) after paint;
 * `onRenderFailure` when transformProps or the plugin's component throws (the error also shows in place).
 */
export interface ChartRendererProps extends ChartRenderCallbacks {
  formData: FormData;
  /** The `result` items of POST /api/v1/chart/data. */
  queriesData: readonly ChartDataResultItem[];
  /** Fixed size; when absent the renderer fills its parent and measures itself. */
  width?: number;
  height?: number;
  datasource?: ExploreDatasource;
  hooks?: ChartHooks;
  filterState?: DataMask['filterState'];
  ownState?: Record<string, unknown>;
  emitCrossFilters?: boolean;
  theme?: 'light' | 'dark';
  /** Shared label → colour map of the dashboard the chart is on (absent: the chart's own scheme). */
  labelColors?: LabelColorResolver;
  /** Annotation layers' data by layer name (the chart state's `annotationData`). */
  annotationData?: Readonly<Record<string, unknown>>;
  /** The query is still running: show the loading state instead of the chart. */
  loading?: boolean;
  /** A query error to show instead of the chart. */
  error?: string | null;
  /** Overrides the registry lookup (tests, previews). */
  plugin?: ChartPlugin;
}

function asRenderFailure(caught: unknown): RenderFailure {
  const error = caught instanceof Error ? caught : new Error(String(caught));
  return { message: error.message, stack: error.stack ?? null };
}

function useMeasuredSize(width: number | undefined, height: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: width ?? 0, height: height ?? 0 });
  const fixed = width !== undefined && height !== undefined;
  useEffect(() => {
    const element = ref.current;
    if (fixed || !element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setSize({ width: Math.floor(box.width), height: Math.floor(box.height) });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [fixed]);
  return { ref, width: width ?? size.width, height: height ?? size.height };
}

interface BoundaryProps {
  children: ReactNode;
  attempt: RenderAttempt;
}

interface BoundaryState {
  failure: RenderFailure | null;
  attempt: RenderAttempt | null;
}

/**
 * Catches a plugin component that throws while rendering (or fails to load), reports it through the
 * attempt to the chart's holder and shows the spec's message with the stack in place.
 */
class RenderFailureBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, attempt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: asRenderFailure(error) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A new attempt (new data, size or theme) may draw: it starts without the old failure.
    return props.attempt === state.attempt ? null : { failure: null, attempt: props.attempt };
  }

  override componentDidCatch(error: unknown): void {
    const failure = asRenderFailure(error);
    const reported = new Error(failure.message);
    reported.stack = failure.stack ?? '';
    this.props.attempt.fail(reported);
  }

  override render() {
    return this.state.failure ? <RenderFailureMessage failure={this.state.failure} /> : this.props.children;
  }
}

function RenderFailureMessage({ failure }: { failure: RenderFailure }) {
  return (
    <div
      role="alert"
      data-chart-state="error"
      data-test="chart-render-error"
      style={{ padding: 8, overflow: 'auto' }}
    >
      <div>{chartRenderFailedMessage(failure.message)}</div>
      {failure.stack ? (
        <details data-test="chart-render-error-stack">
          <summary>Stack trace</summary>
          <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>{failure.stack}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** Marks the attempt committed once the plugin component is in the DOM (its effects ran before this one). */
function CommitMarker({ attempt }: { attempt: RenderAttempt }) {
  useEffect(() => {
    attempt.commit();
  }, [attempt]);
  return null;
}

function ChartMessage({ kind, text }: { kind: 'loading' | 'error' | 'empty'; text: string }) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-chart-state={kind}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', padding: 8 }}
    >
      {text}
    </div>
  );
}

/**
 * Renders a chart: looks the plugin up by viz type, runs transformProps on the query results and renders
 * the plugin's lazily loaded component at the given or measured size.
 */
export function ChartRenderer(props: ChartRendererProps) {
  const { formData, queriesData, loading = false, error = null, theme = 'light' } = props;
  const { ref, width, height } = useMeasuredSize(props.width, props.height);
  const plugin = props.plugin ?? getChartPlugin(formData.viz_type);

  const transformed = useMemo((): { props: object } | { error: RenderFailure } | null => {
    if (!plugin || loading || error || width <= 0 || height <= 0) return null;
    try {
      return {
        props: plugin.transformProps({
          formData,
          queriesData,
          width,
          height,
          hooks: props.hooks ?? {},
          theme,
          ...(props.datasource ? { datasource: props.datasource } : {}),
          ...(props.filterState ? { filterState: props.filterState } : {}),
          ...(props.ownState ? { ownState: props.ownState } : {}),
          ...(props.emitCrossFilters !== undefined ? { emitCrossFilters: props.emitCrossFilters } : {}),
          ...(props.labelColors ? { labelColors: props.labelColors } : {}),
          ...(props.annotationData ? { annotationData: props.annotationData } : {}),
        }),
      };
    } catch (caught) {
      return { error: asRenderFailure(caught) };
    }
  }, [
    plugin,
    loading,
    error,
    formData,
    queriesData,
    width,
    height,
    props.hooks,
    theme,
    props.datasource,
    props.filterState,
    props.ownState,
    props.emitCrossFilters,
    props.labelColors,
    props.annotationData,
  ]);

  // The holder's callbacks may change identity on every render; an attempt reports to the latest ones.
  const callbacks = useRef({ success: props.onRenderSuccess, failure: props.onRenderFailure });
  callbacks.current = { success: props.onRenderSuccess, failure: props.onRenderFailure };
  const attempt = useMemo(
    () =>
      transformed && 'props' in transformed
        ? new RenderAttempt(
            () => callbacks.current.success?.(),
            (error) => callbacks.current.failure?.({ message: error.message, stack: error.stack ?? null }),
          )
        : null,
    [transformed],
  );
  useEffect(
    () => () => {
      attempt?.cancel();
    },
    [attempt],
  );
  const transformFailure = transformed && 'error' in transformed ? transformed.error : null;
  useEffect(() => {
    if (transformFailure) callbacks.current.failure?.(transformFailure);
  }, [transformFailure]);

  let content: ReactNode;
  if (!plugin) content = <ChartMessage kind="error" text={`Unknown chart type: ${formData.viz_type}`} />;
  else if (error) content = <ChartMessage kind="error" text={error} />;
  else if (loading) content = <ChartMessage kind="loading" text="Loading..." />;
  else if (transformFailure) content = <RenderFailureMessage failure={transformFailure} />;
  else if (transformed && 'props' in transformed && attempt) {
    const Chart = lazyChart(plugin);
    content = (
      <RenderFailureBoundary attempt={attempt}>
        <RenderAttemptContext.Provider value={attempt}>
          <Suspense fallback={<ChartMessage kind="loading" text="Loading..." />}>
            <Chart {...transformed.props} />
            <CommitMarker attempt={attempt} />
          </Suspense>
        </RenderAttemptContext.Provider>
      </RenderFailureBoundary>
    );
  } else content = null;

  return (
    <div
      ref={ref}
      data-viz-type={formData.viz_type}
      style={{
        width: props.width ?? '100%',
        height: props.height ?? '100%',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      {content}
    </div>
  );
}
