import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { dashboardStateActions } from '../../state/dashboard-state.slice';
import { selectLayout } from '../../state/dashboard-store';
import { metaText } from '../widths';
import { DashboardChartHolder } from './DashboardChartHolder';

/** One chart filling the dashboard area (spec 001 §2 'one chart shown at full size'); Esc restores. */
export function FullSizeChart({ chartId }: { chartId: number }) {
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayout);
  const component = Object.values(layout).find((c) => c.type === 'CHART' && c.meta?.chartId === chartId);
  const title = metaText(component?.meta, 'sliceNameOverride') ?? metaText(component?.meta, 'sliceName');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(dashboardStateActions.fullSizeChartSet(null));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
  return (
    <div data-test="dashboard-full-size-chart" style={{ height: 'calc(100vh - 160px)', minHeight: 320 }}>
      <DashboardChartHolder chartId={chartId} height="100%" titleOverride={title ?? null} />
    </div>
  );
}
