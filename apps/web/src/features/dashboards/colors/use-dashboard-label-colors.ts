import type { LabelColorResolver } from '@tessera/charts';
import { useState } from 'react';
import type { DashboardInfo } from '../state/dashboard-info';
import { dashboardLabelColors } from './label-colors';

/**
 * The page's label colour resolver. A new one is made only when the dashboard, its colour scheme or its
 * user-fixed label_colors change: saving (which patches the metadata with the map this resolver gave
 * out) must not recolour the charts on screen.
 */
export function useDashboardLabelColors(
  info: DashboardInfo | null,
  colorScheme: string | null,
): LabelColorResolver | null {
  const key =
    info === null
      ? ''
      : `${String(info.id)}|${colorScheme ?? ''}|${JSON.stringify(info.metadata.label_colors ?? {})}`;
  const [current, setCurrent] = useState<{ key: string; resolver: LabelColorResolver | null }>({
    key: '',
    resolver: null,
  });
  if (current.key !== key) {
    const next = { key, resolver: info === null ? null : dashboardLabelColors(info.metadata, colorScheme) };
    setCurrent(next);
    return next.resolver;
  }
  return current.resolver;
}
