import { ChartRenderer, type ChartRendererProps, type RenderFailure } from '@tessera/charts';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectChart } from './chart-store';
import { chartRenderingFailed, chartRenderingSucceeded, type ChartStatus } from './chart-status.slice';

type ChartHolderProps = Omit<ChartRendererProps, 'onRenderSuccess' | 'onRenderFailure'> & {
  chartId: number;
};

/**
 * Draws a chart's result and records in the charts slice when it has painted ('rendered') or failed to
 * draw ('An error occurred while rendering the visualization: …' with the stack). Every screen that shows
 * a chart from the runtime (Explore, dashboards, embeds, report screenshots) draws it through this.
 */
export function ChartHolder({ chartId, ...rendererProps }: ChartHolderProps) {
  const dispatch = useAppDispatch();
  // The layers' data arrives after the chart's own (each layer has its query): drawn when it comes.
  const annotationData = useAppSelector((state) => selectChart(state, chartId).annotationData);
  const onRenderSuccess = useCallback(() => {
    dispatch(chartRenderingSucceeded({ chartId, at: Date.now() }));
  }, [chartId, dispatch]);
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
