import { skipToken } from '@reduxjs/toolkit/query';
import {
  NATIVE_FILTER_TYPES,
  type FilterOrDivider,
  type NativeFilter,
  type NativeFilterDivider,
  type NativeFilterType,
} from '@tessera/contracts';
import { Checkbox, Flex, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { FilterControl as AdhocFilterControl } from '../../../explore/controls/FilterControl';
import { TimeRangeControl } from '../../../explore/controls/TimeRangeControl';
import { useDatasetChoices } from '../../../datasets/dataset-choices';
import { AsyncSelect } from '../../../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../../../shared/ui/async-select/async-select-rules';
import { dashboardApi } from '../../api/dashboard-api';
import { asFilterList } from '../../../explore/controls/adhoc';
import { filterMask, maskValue, type FilterValue } from '../filter-mask';
import { RangeFilter } from '../RangeFilter';
import { SelectFilter } from '../SelectFilter';
import { FILTER_TYPE_LABELS, needsColumn, needsDataset, type FieldErrors } from './config-model';
import { ScopeEditor } from './ScopeEditor';
import type { ScopeTreeNode } from './scope-tree';

interface FilterFormProps {
  item: FilterOrDivider;
  all: readonly FilterOrDivider[];
  errors: FieldErrors;
  tree: readonly ScopeTreeNode[];
  onChange: (item: FilterOrDivider) => void;
}

const NO_PARENTS: never[] = [];
const NOTHING_DROPPED = () => undefined;

function status(error: string | undefined) {
  return error === undefined ? {} : { validateStatus: 'error' as const, help: error };
}

function DividerForm({
  item,
  errors,
  onChange,
}: {
  item: NativeFilterDivider;
  errors: FieldErrors;
  onChange: (item: FilterOrDivider) => void;
}) {
  return (
    <Form layout="vertical" data-test="filter-config-divider-form">
      <Form.Item label="Title" required {...status(errors.title)}>
        <Input
          value={item.title}
          onChange={(e) => onChange({ ...item, title: e.target.value })}
          data-test="divider-title"
        />
      </Form.Item>
      <Form.Item label="Description">
        <Input.TextArea
          value={item.description ?? ''}
          onChange={(e) => onChange({ ...item, description: e.target.value })}
          data-test="divider-description"
        />
      </Form.Item>
    </Form>
  );
}

function DatasetSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const fetchDatasets = useDatasetChoices();
  // The label of the last pick; a filter opened with its dataset set names it from the datasource.
  const [picked, setPicked] = useState<AsyncSelectOption | null>(null);
  const current = dashboardApi.useGetDashboardDatasourceQuery(
    value === undefined || picked?.value === value ? skipToken : `${String(value)}__table`,
  );
  const chosen =
    value === undefined
      ? null
      : picked?.value === value
        ? picked
        : { value, label: current.data?.name ?? `Dataset ${String(value)}` };
  return (
    <AsyncSelect
      data-test="filter-config-dataset"
      aria-label="Dataset"
      placeholder="Select a dataset"
      allowClear
      fetchOptions={fetchDatasets}
      value={chosen}
      onChange={(next) => {
        setPicked(next);
        onChange(next === null ? undefined : Number(next.value));
      }}
    />
  );
}

/** The form of one filter (issue #13 scope 1 fields) or divider. */
export function FilterForm({ item, all, errors, tree, onChange }: FilterFormProps) {
  if (item.type === 'DIVIDER') return <DividerForm item={item} errors={errors} onChange={onChange} />;
  return <NativeFilterForm filter={item} all={all} errors={errors} tree={tree} onChange={onChange} />;
}

function NativeFilterForm({
  filter,
  all,
  errors,
  tree,
  onChange,
}: {
  filter: NativeFilter;
  all: readonly FilterOrDivider[];
  errors: FieldErrors;
  tree: readonly ScopeTreeNode[];
  onChange: (item: FilterOrDivider) => void;
}) {
  const target = filter.targets[0] ?? {};
  const datasetId = target.datasetId;
  const datasource = dashboardApi.useGetDashboardDatasourceQuery(
    datasetId === undefined ? skipToken : `${String(datasetId)}__table`,
  );
  const controls = filter.controlValues ?? {};
  const set = (patch: Partial<NativeFilter>) => onChange({ ...filter, ...patch });
  const setControl = (patch: Record<string, unknown>) => set({ controlValues: { ...controls, ...patch } });
  const columns = (datasource.data?.columns ?? []).filter((c) =>
    filter.filterType === 'filter_range'
      ? c.type_generic === 0 || /INT|NUM|DEC|FLOAT|DOUBLE|REAL/i.test(c.type ?? '')
      : true,
  );
  const metrics = datasource.data?.metrics ?? [];
  const timeColumns = (datasource.data?.columns ?? []).filter((c) => c.is_dttm);
  const defaultTimeColumn = datasource.data?.main_dttm_col ?? timeColumns[0]?.column_name;
  const parents = all.filter(
    (f): f is NativeFilter =>
      f.type === 'NATIVE_FILTER' && f.id !== filter.id && f.filterType === 'filter_select',
  );
  const defaultValue = maskValue(filter.defaultDataMask);
  const setDefault = (value: FilterValue) => set({ defaultDataMask: filterMask(filter, value) });

  const defaultControl = (() => {
    switch (filter.filterType) {
      case 'filter_select':
        return datasetId === undefined || target.column?.name === undefined ? null : (
          <SelectFilter
            filter={filter}
            value={defaultValue}
            onChange={setDefault}
            parentFilters={NO_PARENTS}
          />
        );
      case 'filter_range':
        return <RangeFilter value={defaultValue} onChange={setDefault} />;
      case 'filter_time':
        return (
          <TimeRangeControl
            name={`default-${filter.id}`}
            value={defaultValue}
            onChange={(next) => setDefault(next === 'No filter' ? null : next)}
          />
        );
      default:
        return null;
    }
  })();

  return (
    <Form layout="vertical" data-test="filter-config-form" data-filter-id={filter.id}>
      <Flex gap={12}>
        <Form.Item label="Filter type" style={{ flex: 1 }}>
          <Select<NativeFilterType>
            value={filter.filterType}
            onChange={(next) =>
              set({ filterType: next, defaultDataMask: { extraFormData: {}, filterState: {} } })
            }
            options={NATIVE_FILTER_TYPES.map((t) => ({ value: t, label: FILTER_TYPE_LABELS[t] }))}
            data-test="filter-config-type"
          />
        </Form.Item>
        <Form.Item label="Filter name" required style={{ flex: 1 }} {...status(errors.name)}>
          <Input
            value={filter.name}
            onChange={(e) => set({ name: e.target.value })}
            data-test="filter-config-name"
          />
        </Form.Item>
      </Flex>
      {needsDataset(filter.filterType) ? (
        <Flex gap={12}>
          <Form.Item label="Dataset" required style={{ flex: 1 }} {...status(errors.dataset)}>
            <DatasetSelect
              value={datasetId}
              onChange={(id) => set({ targets: [id === undefined ? {} : { datasetId: id }] })}
            />
          </Form.Item>
          {needsColumn(filter.filterType) ? (
            <Form.Item label="Column" required style={{ flex: 1 }} {...status(errors.column)}>
              <Select<string>
                showSearch
                allowClear
                value={target.column?.name}
                onChange={(name) =>
                  set({
                    targets: [
                      {
                        ...target,
                        ...(typeof name === 'string' ? { column: { name } } : { column: undefined }),
                      },
                    ],
                  })
                }
                options={columns.map((c) => ({
                  value: c.column_name,
                  label: c.verbose_name ?? c.column_name,
                }))}
                placeholder="Select a column"
                data-test="filter-config-column"
              />
            </Form.Item>
          ) : null}
        </Flex>
      ) : null}
      <Form.Item label="Description">
        <Input.TextArea
          value={filter.description ?? ''}
          onChange={(e) => set({ description: e.target.value })}
          autoSize={{ minRows: 1, maxRows: 3 }}
          data-test="filter-config-description"
        />
      </Form.Item>
      {filter.filterType === 'filter_select' ? (
        <>
          <Form.Item label="Values are dependent on other filters" {...status(errors.cascade)}>
            <Select<string[]>
              mode="multiple"
              allowClear
              value={filter.cascadeParentIds ?? []}
              onChange={(ids) => set({ cascadeParentIds: ids })}
              options={parents.map((p) => ({ value: p.id, label: p.name || p.id }))}
              placeholder="No parent filters"
              data-test="filter-config-parents"
            />
          </Form.Item>
          {datasource.data === undefined ? null : (
            <Form.Item
              label="Pre-filter: filters"
              tooltip="Only values of rows passing these filters are offered"
            >
              <AdhocFilterControl
                name="prefilter"
                value={filter.adhoc_filters ?? []}
                datasource={datasource.data}
                onChange={(next) => set({ adhoc_filters: asFilterList(next).map((item) => ({ ...item })) })}
                pendingSubject={null}
                onPendingHandled={NOTHING_DROPPED}
              />
            </Form.Item>
          )}
          <Flex gap={12}>
            <Form.Item label="Pre-filter: time range" style={{ flex: 1 }}>
              <TimeRangeControl
                name={`prefilter-${filter.id}`}
                value={filter.time_range}
                onChange={(next) =>
                  set({
                    time_range: next,
                    // A time range narrows through a time column: the dataset's main one unless chosen.
                    granularity_sqla: filter.granularity_sqla ?? defaultTimeColumn,
                  })
                }
              />
            </Form.Item>
            {timeColumns.length === 0 ? null : (
              <Form.Item label="Time column" style={{ flex: 1 }}>
                <Select<string>
                  value={filter.granularity_sqla ?? defaultTimeColumn}
                  onChange={(next) => set({ granularity_sqla: next })}
                  options={timeColumns.map((c) => ({
                    value: c.column_name,
                    label: c.verbose_name ?? c.column_name,
                  }))}
                  data-test="filter-config-time-column"
                />
              </Form.Item>
            )}
          </Flex>
          <Flex gap={12} align="end">
            <Form.Item label="Sort filter values" style={{ flex: 1 }}>
              <Radio.Group
                value={controls.sortAscending === false ? 'desc' : 'asc'}
                onChange={(e) => setControl({ sortAscending: e.target.value === 'asc' })}
                data-test="filter-config-sort"
              >
                <Radio value="asc">Sort ascending</Radio>
                <Radio value="desc">Sort descending</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item label="Sort metric" style={{ flex: 1 }}>
              <Select<string>
                allowClear
                value={controls.sortMetric ?? undefined}
                onChange={(next) => setControl({ sortMetric: typeof next === 'string' ? next : null })}
                options={metrics.map((m) => ({
                  value: m.metric_name,
                  label: m.verbose_name ?? m.metric_name,
                }))}
                placeholder="By the values themselves"
                data-test="filter-config-sort-metric"
              />
            </Form.Item>
          </Flex>
        </>
      ) : null}
      {defaultControl === null ? null : (
        <Form.Item label="Default value" {...status(errors.default)}>
          <div data-test="filter-config-default">{defaultControl}</div>
        </Form.Item>
      )}
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <Checkbox
          checked={controls.enableEmptyFilter === true}
          onChange={(e) => {
            onChange({
              ...filter,
              requiredFirst: e.target.checked,
              controlValues: { ...controls, enableEmptyFilter: e.target.checked },
            });
          }}
          data-test="filter-config-required"
        >
          Filter value is required
        </Checkbox>
        {filter.filterType === 'filter_select' ? (
          <>
            <Checkbox
              checked={controls.defaultToFirstItem === true}
              onChange={(e) => setControl({ defaultToFirstItem: e.target.checked })}
              data-test="filter-config-first-item"
            >
              Select first filter value by default
            </Checkbox>
            <Checkbox
              checked={controls.multiSelect !== false}
              onChange={(e) => setControl({ multiSelect: e.target.checked })}
              data-test="filter-config-multiple"
            >
              Can select multiple values
            </Checkbox>
            <Checkbox
              checked={controls.searchAllOptions === true}
              onChange={(e) => setControl({ searchAllOptions: e.target.checked })}
              data-test="filter-config-search-all"
            >
              Dynamically search all filter values
            </Checkbox>
            <Checkbox
              checked={controls.inverseSelection === true}
              onChange={(e) => setControl({ inverseSelection: e.target.checked })}
              data-test="filter-config-inverse"
            >
              Inverse selection
            </Checkbox>
          </>
        ) : null}
      </Flex>
      <Form.Item label="Scoping">
        <ScopeEditor
          tree={tree}
          excluded={filter.scope.excluded}
          onChange={(excluded) => set({ scope: { ...filter.scope, excluded } })}
        />
      </Form.Item>
    </Form>
  );
}
