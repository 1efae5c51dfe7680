import {
  Component,
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ChartDataResultItem, ExploreDatasource } from '@tessera/contracts';
import type { ChartHooks, ChartPlugin, DataMask, FormData } from '../plugin-api';
import { getChartPlugin } from '../registry';

export interface ChartRendererProps {
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
  /** The query is still running: show the loading state instead of the chart. */
  loading?: boolean;
  /** A query error to show instead of the chart. */
  error?: string | null;
  /** Overrides the registry lookup (tests, previews). */
  plugin?: ChartPlugin;
}

const lazyComponents = new WeakMap<ChartPlugin, ComponentType<object>>();

/** One React.lazy component per plugin, so a chunk loads once and Suspense caches it. */
function lazyChart(plugin: ChartPlugin): ComponentType<object> {
  let component = lazyComponents.get(plugin);
  if (!component) {
    component = lazy(plugin.loadChart);
    lazyComponents.set(plugin, component);
  }
  return component;
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
  resetKey: unknown;
}

/** Catches a component that throws while rendering (or fails to load) and shows the error state. */
class ChartErrorBoundary extends Component<BoundaryProps, { error: Error | null; resetKey: unknown }> {
  override state = { error: null as Error | null, resetKey: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | null; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? (
      <ChartMessage kind="error" text={this.state.error.message} />
    ) : (
      this.props.children
    );
  }
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

  const transformed = useMemo((): { props: object } | { error: string } | null => {
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
        }),
      };
    } catch (caught) {
      return { error: caught instanceof Error ? caught.message : String(caught) };
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
  ]);

  let content: ReactNode;
  if (!plugin) content = <ChartMessage kind="error" text={`Unknown chart type: ${formData.viz_type}`} />;
  else if (error) content = <ChartMessage kind="error" text={error} />;
  else if (loading) content = <ChartMessage kind="loading" text="Loading..." />;
  else if (transformed && 'error' in transformed)
    content = <ChartMessage kind="error" text={transformed.error} />;
  else if (transformed) {
    const Chart = lazyChart(plugin);
    content = (
      <ChartErrorBoundary resetKey={transformed}>
        <Suspense fallback={<ChartMessage kind="loading" text="Loading..." />}>
          <Chart {...transformed.props} />
        </Suspense>
      </ChartErrorBoundary>
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
