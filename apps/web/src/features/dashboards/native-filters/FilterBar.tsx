import { FilterOutlined, LeftOutlined, SettingOutlined } from '@ant-design/icons';
import { LOG_ACTIONS, type FilterBarOrientation, type NativeFilter } from '@tessera/contracts';
import { useContext } from 'react';
import { logUserEvent } from '../../../shared/logging/logger';
import { DashboardViewContext } from '../grid/dashboard-view-context';
import { Button, Divider, Flex, Popover, Spin, Tag, theme, Tooltip, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectDashboardChart, selectDashboardState, selectNativeFilters } from '../state/dashboard-store';
import { FilterControl } from './FilterControl';
import { crossFilterIds, missingRequired, parentFiltersOf, pendingChanges } from './filter-bar-model';
import { filterMask, maskValue, valueLabel } from './filter-mask';
import { nativeFiltersActions, nativeFiltersOf } from './native-filters.slice';

/** Filters shown in the horizontal bar before the rest fold into 'More filters'. */
export const HORIZONTAL_VISIBLE_FILTERS = 4;

interface FilterBarProps {
  orientation: FilterBarOrientation;
  canEdit: boolean;
  onConfigure: () => void;
}

function CrossFilterRow({ chartId }: { chartId: number }) {
  const dispatch = useAppDispatch();
  const chart = useAppSelector((state) => selectDashboardChart(state, chartId));
  const mask = useAppSelector((state) => selectNativeFilters(state).applied[String(chartId)]);
  const filters = mask?.extraFormData?.filters ?? [];
  const column = filters.map((f) => (typeof f.col === 'string' ? f.col : (f.col.label ?? ''))).join(', ');
  return (
    <Tag
      closable
      onClose={() => dispatch(nativeFiltersActions.crossFilterSet({ chartId, mask: {} }))}
      data-test="cross-filter-tag"
      data-chart-id={chartId}
      style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
    >
      <Typography.Text strong>{chart?.sliceName ?? `Chart ${String(chartId)}`}</Typography.Text> {column}:{' '}
      {valueLabel(mask?.filterState?.value)}
    </Tag>
  );
}

/**
 * The filter bar (spec 001 §2, issue #13 scope 2): each native filter's control with its pending value,
 * 'Apply filters' (enabled on pending changes, unless a required filter is empty) and 'Clear all', the
 * active cross-filters with their clear buttons; vertical and collapsible, or horizontal with overflow.
 */
export function FilterBar({ orientation, canEdit, onConfigure }: FilterBarProps) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const { dashboardId } = useContext(DashboardViewContext);
  const { configuration, applied, pending, barOpen } = useAppSelector(selectNativeFilters);
  const filtersRefreshing = useAppSelector((state) => selectDashboardState(state).isFiltersRefreshing);
  const filters = nativeFiltersOf(configuration);
  const changes = pendingChanges(filters, applied, pending);
  const missing = missingRequired(filters, pending);
  const crossFilters = crossFilterIds(applied);
  const anyValue = filters.some((f) => maskValue(pending[f.id]) !== null);

  const control = (filter: NativeFilter) => (
    <FilterControl
      key={filter.id}
      filter={filter}
      value={maskValue(pending[filter.id])}
      appliedValue={maskValue(applied[filter.id])}
      parentFilters={parentFiltersOf(filter, pending)}
      missingRequired={missing.has(filter.id)}
      onChange={(value) =>
        dispatch(nativeFiltersActions.pendingMaskSet({ id: filter.id, mask: filterMask(filter, value) }))
      }
    />
  );
  const items = configuration.map((item) =>
    item.type === 'DIVIDER' ? (
      <Flex key={item.id} vertical data-test="filter-divider">
        <Typography.Text strong>{item.title}</Typography.Text>
        {item.description ? <Typography.Text type="secondary">{item.description}</Typography.Text> : null}
      </Flex>
    ) : (
      control(item)
    ),
  );
  const actions = (
    <Flex gap={8}>
      <Button
        type="primary"
        disabled={changes.length === 0 || missing.size > 0}
        onClick={() => {
          dispatch(nativeFiltersActions.pendingApplied());
          logUserEvent({
            source: 'dashboard',
            sourceId: dashboardId,
            eventName: LOG_ACTIONS.changeDashboardFilter,
            fields: { target_id: changes.join(','), filter_count: changes.length },
          });
        }}
        data-test="filter-bar-apply"
      >
        Apply filters
      </Button>
      <Button
        disabled={!anyValue}
        onClick={() => dispatch(nativeFiltersActions.allCleared())}
        data-test="filter-bar-clear-all"
      >
        Clear all
      </Button>
      {filtersRefreshing ? (
        <Tooltip title="Updating the charts">
          <Spin size="small" data-test="filter-bar-refreshing" />
        </Tooltip>
      ) : null}
    </Flex>
  );
  const configure = canEdit ? (
    <Tooltip title="Add or edit filters">
      <Button
        type="text"
        icon={<SettingOutlined />}
        onClick={onConfigure}
        aria-label="Add or edit filters"
        data-test="filter-bar-configure"
      />
    </Tooltip>
  ) : null;
  const crossSection =
    crossFilters.length === 0 ? null : (
      <Flex vertical gap={6} data-test="cross-filters-section">
        <Typography.Text strong>Cross-filters</Typography.Text>
        {crossFilters.map((id) => (
          <CrossFilterRow key={id} chartId={id} />
        ))}
      </Flex>
    );
  const empty =
    filters.length === 0 ? (
      <Typography.Text type="secondary" data-test="filter-bar-empty">
        No filters are currently added to this dashboard.
      </Typography.Text>
    ) : null;

  if (orientation === 'HORIZONTAL') {
    const inline = items.slice(0, HORIZONTAL_VISIBLE_FILTERS);
    const overflow = items.slice(HORIZONTAL_VISIBLE_FILTERS);
    return (
      <Flex
        wrap={false}
        gap={16}
        align="flex-end"
        data-test="filter-bar"
        data-orientation="HORIZONTAL"
        style={{
          padding: token.paddingSM,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          overflowX: 'auto',
        }}
      >
        <FilterOutlined style={{ alignSelf: 'center' }} />
        {empty}
        {inline.map((item, index) => (
          // Filters give up width before the actions do, so Apply and Clear all stay in view.
          <div key={configuration[index]?.id} style={{ flex: '0 1 220px', minWidth: 140 }}>
            {item}
          </div>
        ))}
        {overflow.length === 0 ? null : (
          <Popover
            trigger="click"
            content={
              <Flex vertical gap={12} style={{ width: 260 }}>
                {overflow}
              </Flex>
            }
          >
            <Button data-test="filter-bar-more">More filters ({overflow.length})</Button>
          </Popover>
        )}
        {crossSection}
        <Flex gap={8} style={{ marginInlineStart: 'auto', flex: 'none' }}>
          {configure}
          {filters.length === 0 ? null : actions}
        </Flex>
      </Flex>
    );
  }

  if (!barOpen) {
    return (
      <Flex
        vertical
        align="center"
        style={{ width: 32, paddingTop: token.paddingSM }}
        data-test="filter-bar"
        data-collapsed="true"
      >
        <Tooltip title="Expand filters" placement="right">
          <Button
            type="text"
            icon={<FilterOutlined />}
            onClick={() => dispatch(nativeFiltersActions.barToggled())}
            aria-label="Expand filters"
            data-test="filter-bar-expand"
          />
        </Tooltip>
      </Flex>
    );
  }
  return (
    <Flex
      vertical
      gap={12}
      data-test="filter-bar"
      data-orientation="VERTICAL"
      style={{
        width: 280,
        flex: 'none',
        padding: token.paddingSM,
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        alignSelf: 'stretch',
      }}
    >
      <Flex align="center" gap={4}>
        <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
          Filters
        </Typography.Title>
        {configure}
        <Tooltip title="Collapse filters">
          <Button
            type="text"
            icon={<LeftOutlined />}
            onClick={() => dispatch(nativeFiltersActions.barToggled())}
            aria-label="Collapse filters"
            data-test="filter-bar-collapse"
          />
        </Tooltip>
      </Flex>
      {filters.length === 0 ? null : actions}
      {crossSection}
      {crossSection === null ? null : <Divider style={{ margin: 0 }} />}
      {empty}
      {items}
    </Flex>
  );
}
