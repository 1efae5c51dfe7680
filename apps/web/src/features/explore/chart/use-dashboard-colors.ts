import { skipToken } from '@reduxjs/toolkit/query';
import type { LabelColorResolver } from '@tessera/charts';
import { useMemo } from 'react';
import { dashboardLabelColors } from '../../dashboards/colors/label-colors';
import { parseJsonMetadata } from '../../dashboards/state/dashboard-info';
import { useGetExploreDashboardQuery } from '../api/explore-api';

/**
 * Explore opened from a dashboard (`dashboard_id` in its URL, spec 001 §2) colours the chart as that
 * dashboard does: its colour scheme, user-fixed label_colors and saved shared label colours. Null
 * without a dashboard, while it loads, or when the caller cannot read it.
 */
export function useDashboardColors(dashboardId: number | null): LabelColorResolver | null {
  const { data } = useGetExploreDashboardQuery(dashboardId ?? skipToken);
  const text = data?.result.json_metadata;
  return useMemo(() => {
    if (text === undefined) return null;
    const metadata = parseJsonMetadata(text);
    return dashboardLabelColors(metadata, metadata.color_scheme ?? null);
  }, [text]);
}
