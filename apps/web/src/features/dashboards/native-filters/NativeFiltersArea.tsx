import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { DashboardInfo } from '../state/dashboard-info';
import { selectNativeFilters } from '../state/dashboard-store';
import { FilterBar } from './FilterBar';
import { crossFilterIds } from './filter-bar-model';

const FilterConfigModal = lazy(() => import('./config/FilterConfigModal'));

/**
 * The dashboard page beside its filter bar: on the left (VERTICAL, collapsible) or above (HORIZONTAL),
 * as json_metadata.filter_bar_orientation says. No bar when the dashboard has no filters, no
 * cross-filter is active and the user may not add filters.
 */
export function NativeFiltersArea({ info, children }: { info: DashboardInfo; children: ReactNode }) {
  const [configuring, setConfiguring] = useState(false);
  const count = useAppSelector((state) => selectNativeFilters(state).configuration.length);
  const crossFilters = useAppSelector((state) => crossFilterIds(selectNativeFilters(state).applied).length);
  const orientation = info.metadata.filter_bar_orientation ?? 'VERTICAL';
  const modal = configuring ? (
    <Suspense fallback={null}>
      <FilterConfigModal info={info} onClose={() => setConfiguring(false)} />
    </Suspense>
  ) : null;
  if (count === 0 && crossFilters === 0 && !info.canEdit) return children;
  const bar = (
    <FilterBar orientation={orientation} canEdit={info.canEdit} onConfigure={() => setConfiguring(true)} />
  );
  if (orientation === 'HORIZONTAL') {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
        {bar}
        {children}
        {modal}
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', alignItems: 'stretch', minHeight: '100%' }}>
      {bar}
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {modal}
    </div>
  );
}
