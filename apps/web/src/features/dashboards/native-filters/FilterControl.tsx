import { InfoCircleOutlined } from '@ant-design/icons';
import { TIME_GRAINS, type NativeFilter, type QueryFilter } from '@tessera/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Flex, Spin, Tooltip, Typography } from 'antd';
import { Suspense, useEffect, type FocusEvent } from 'react';
import { lazyComponent } from '../../../shared/lazy/lazy-component';
import { useAppDispatch } from '../../../app/hooks';
import { dashboardApi } from '../api/dashboard-api';
import { ChoiceFilter } from './ChoiceFilter';
import { RangeFilter } from './RangeFilter';
import { SelectFilter } from './SelectFilter';
import { nativeFiltersActions } from './native-filters.slice';
import { FILTER_REQUIRED_MESSAGE, isRequired } from './required';
import { targetColumn, targetDatasetId, valueLabel, type FilterValue } from './filter-mask';

/** Explore's time range control (with antd's date pickers and dayjs) loads with the first time filter. */
const TimeRangeControl = lazyComponent(() =>
  import('../../explore/controls/TimeRangeControl').then((module) => module.TimeRangeControl),
);

interface FilterControlProps {
  filter: NativeFilter;
  value: FilterValue;
  appliedValue: FilterValue;
  onChange: (value: FilterValue) => void;
  parentFilters: readonly QueryFilter[];
  /** A required filter without a value. */
  missingRequired: boolean;
}

const GRAIN_CHOICES = TIME_GRAINS.map((grain) => ({ value: grain.duration, label: grain.name }));

function TimeColumnFilter({
  filter,
  value,
  onChange,
}: Pick<FilterControlProps, 'filter' | 'value' | 'onChange'>) {
  const datasetId = targetDatasetId(filter);
  const datasource = dashboardApi.useGetDashboardDatasourceQuery(
    datasetId === null ? skipToken : `${String(datasetId)}__table`,
  );
  const choices = (datasource.data?.columns ?? [])
    .filter((column) => column.is_dttm)
    .map((column) => ({ value: column.column_name, label: column.verbose_name ?? column.column_name }));
  return <ChoiceFilter value={value} onChange={onChange} choices={choices} test="filter-time-column" />;
}

/** One filter in the bar: its name (required marker, description), its control and its applied value. */
export function FilterControl({
  filter,
  value,
  appliedValue,
  onChange,
  parentFilters,
  missingRequired,
}: FilterControlProps) {
  const dispatch = useAppDispatch();
  const id = filter.id;
  useEffect(() => () => void dispatch(nativeFiltersActions.filterControlGone(id)), [dispatch, id]);
  // Focus stays set while it moves between this filter's own inputs (a range's two ends, a time popover).
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) {
      dispatch(nativeFiltersActions.filterFocused(null));
    }
  };
  const control = (() => {
    switch (filter.filterType) {
      case 'filter_select':
        return (
          <SelectFilter filter={filter} value={value} onChange={onChange} parentFilters={parentFilters} />
        );
      case 'filter_range':
        return <RangeFilter value={value} onChange={onChange} />;
      case 'filter_time':
        return (
          <Suspense fallback={<Spin size="small" data-test="filter-time-loading" />}>
            <TimeRangeControl
              name={filter.id}
              value={value}
              column={targetColumn(filter) ?? 'col'}
              onChange={(next) => onChange(next === 'No filter' ? null : next)}
            />
          </Suspense>
        );
      case 'filter_timecolumn':
        return <TimeColumnFilter filter={filter} value={value} onChange={onChange} />;
      case 'filter_timegrain':
        return (
          <ChoiceFilter value={value} onChange={onChange} choices={GRAIN_CHOICES} test="filter-time-grain" />
        );
    }
  })();
  const applied = valueLabel(appliedValue);
  return (
    <Flex
      vertical
      gap={4}
      data-test="filter-control"
      data-filter-id={filter.id}
      data-filter-name={filter.name}
      onMouseEnter={() => dispatch(nativeFiltersActions.filterHovered(id))}
      onMouseLeave={() => dispatch(nativeFiltersActions.filterHovered(null))}
      onFocus={() => dispatch(nativeFiltersActions.filterFocused(id))}
      onBlur={onBlur}
    >
      <Flex gap={4} align="center">
        <Typography.Text strong data-test="filter-name">
          {filter.name}
        </Typography.Text>
        {isRequired(filter) ? (
          <Typography.Text type="danger" data-test="filter-required-marker" aria-label="required">
            *
          </Typography.Text>
        ) : null}
        {filter.description ? (
          <Tooltip title={filter.description}>
            <InfoCircleOutlined data-test="filter-description" />
          </Tooltip>
        ) : null}
      </Flex>
      {control}
      {missingRequired ? (
        <Typography.Text type="danger" data-test="filter-error">
          {FILTER_REQUIRED_MESSAGE}
        </Typography.Text>
      ) : null}
      {applied === '' ? null : (
        <Typography.Text type="secondary" ellipsis={{ tooltip: applied }} data-test="filter-applied-value">
          Applied: {applied}
        </Typography.Text>
      )}
    </Flex>
  );
}
