import { ChartRenderer, type ChartRendererProps, type RenderFailure } from '@tessera/charts';
import { LOG_ACTIONS, type LogEventSource } from '@tessera/contracts';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { logTimingEvent } from '../../shared/logging/logger';
import { selectChart } from './chart-store';
import { chartRenderingFailed, chartRenderingSucceeded, type ChartStatus } from './chart-status.slice';

type ChartHolderProps = Omit<ChartRendererProps, 'onRenderSuccess' | 'onRenderFailure'> & {
  chartId: number;
  /** Where the chart is drawn, for its `render_chart` timing event; none: not logged (reports, tests). */
  logSource?: { source: LogEventSource; sourceId: number | null };
};

/**
 * Draws a chart's result and records in the charts slice when it has painted ('rendered') or failed to
 * draw ('An error occurred while rendering the visualization: …' with the stack). Every screen that shows
 * a chart from the runtime (Explore, dashboards, embeds, report screenshots) draws it through this.
 */
export function ChartHolder({ chartId, logSource, ...rendererProps }: ChartHolderProps) {
  const dispatch = useAppDispatch();
  // The layers' data arrives after the chart's own (each layer has its query): drawn when it comes.
  const annotationData = useAppSelector((state) => selectChart(state, chartId).annotationData);
  const startedAt = useAppSelector((state) => selectChart(state, chartId).chartUpdateStartTime);
  const source = logSource?.source;
  const sourceId = logSource?.sourceId ?? null;
  const onRenderSuccess = useCallback(() => {
    const at = Date.now();
    dispatch(chartRenderingSucceeded({ chartId, at }));
    // From the query's start to the paint: what the user waited for this chart.
    if (source !== undefined && startedAt !== null) {
      logTimingEvent({
        source,
        sourceId,
        eventName: LOG_ACTIONS.renderChart,
        duration: at - startedAt,
        fields: { slice_id: chartId, viz_type: rendererProps.formData.viz_type },
      });
    }
  }, [chartId, dispatch, source, sourceId, startedAt, rendererProps.formData.viz_type]);
  const onRenderFailure = useCallback(
    (failure: RenderFailure) => {
      dispatch(chartRenderingFailed({ chartId, error: failure.message, stackTrace: failure.stack }));
    },
    [chartId, dispatch],
  );
  return (
    <ChartRenderer
      annotationData={annotationData}
      {...rendererProps}
      onRenderSuccess={onRenderSuccess}
      onRenderFailure={onRenderFailure}
    />
  );
}

/**
 * The holder's `data-chart-status`: 'rendered' only once the chart has painted, so a screenshot job (or
 * a test) can wait for it; data that arrived but is not drawn yet still reads 'loading'.
 */
export function holderStatus(status: ChartStatus | null): string {
  if (status === null) return 'none';
  return status === 'success' ? 'loading' : status;
}
