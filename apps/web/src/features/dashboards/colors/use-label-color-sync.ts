import type { LabelColorResolver } from '@tessera/charts';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { selectChart } from '../../chart-runtime/chart-store';
import { parseJsonMetadata } from '../state/dashboard-info';
import { dashboardInfoPatched } from '../state/dashboard-info.slice';
import { selectDashboardInfo, selectDashboardState } from '../state/dashboard-store';
import { dashboardColorsApi } from './colors-api';
import { labelColorMetadata, labelColorsChanged, savedLabelColorMap } from './label-colors';

/** Quiet time after the last chart drew before the map is compared with the saved one. */
const SYNC_DELAY_MS = 1500;

function renderedCount(state: RootState, sliceIds: readonly number[]): number {
  return sliceIds.filter((id) => selectChart(state, id).chartStatus === 'rendered').length;
}

/**
 * Keeps the saved label → colour map in step with what the charts show, as Superset does on load: once
 * the charts on screen have drawn, an editor's view writes a grown or changed map through
 * PUT /dashboard/{id}/colors?mark_updated=false, so viewers (and reports) get the same colours and the
 * dashboard does not count as modified. In edit mode the save carries the map instead.
 */
export function useLabelColorSync(resolver: LabelColorResolver | null): void {
  const dispatch = useAppDispatch();
  const info = useAppSelector(selectDashboardInfo);
  const { editMode, sliceIds, colorScheme } = useAppSelector(selectDashboardState);
  const rendered = useAppSelector((state) => renderedCount(state, sliceIds));
  const canSync = info !== null && info.canEdit && !editMode && resolver !== null && rendered > 0;
  const id = info?.id ?? 0;
  const metadata = info?.metadata ?? null;

  useEffect(() => {
    if (!canSync || metadata === null) return undefined;
    const timer = window.setTimeout(() => {
      const snapshot = resolver.snapshot();
      if (!labelColorsChanged(savedLabelColorMap(metadata), snapshot)) return;
      const colors = {
        ...labelColorMetadata(snapshot),
        ...(colorScheme === null ? {} : { color_scheme: colorScheme }),
      };
      void dispatch(
        dashboardColorsApi.endpoints.saveDashboardColors.initiate({ id, colors, markUpdated: false }),
      ).then((answer) => {
        if (answer.data !== undefined) {
          dispatch(dashboardInfoPatched({ metadata: parseJsonMetadata(answer.data.result.json_metadata) }));
        }
      });
    }, SYNC_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [canSync, rendered, resolver, metadata, id, colorScheme, dispatch]);
}
