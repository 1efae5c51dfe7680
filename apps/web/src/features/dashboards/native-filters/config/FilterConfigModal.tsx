import { PlusOutlined } from '@ant-design/icons';
import { FILTER_DELETE_UNDO_MS, type DashboardJsonMetadata, type FilterOrDivider } from '@tessera/contracts';
import { Alert, Button, Dropdown, Empty, Flex, Modal, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { errorText } from '../../../../shared/errors/to-api-error';
import type { DashboardInfo } from '../../state/dashboard-info';
import { dashboardInfoPatched } from '../../state/dashboard-info.slice';
import { selectDashboardCharts, selectLayout, selectNativeFilters } from '../../state/dashboard-store';
import { nativeFiltersApi } from '../native-filters-api';
import { nativeFiltersActions, parseFilterConfiguration } from '../native-filters.slice';
import {
  duplicateItem,
  filtersUpdate,
  firstInvalid,
  moveItem,
  newDivider,
  newFilter,
  validateItem,
} from './config-model';
import { FilterForm } from './FilterForm';
import { FilterList, type ListEntry } from './FilterList';
import { scopeTree, tabsInScope, treeChartIds } from './scope-tree';

interface FilterConfigModalProps {
  info: DashboardInfo;
  onClose: () => void;
}

/**
 * 'Add and edit filters' (editors only; issue #13 scope 1): the list of filters and dividers with add,
 * duplicate, reorder by drag and remove with a 5 s undo; the selected item's form; save after checking
 * every item (the first invalid one is selected and its errors shown).
 */
export default function FilterConfigModal({ info, onClose }: FilterConfigModalProps) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const saved = useAppSelector((state) => selectNativeFilters(state).configuration);
  const layout = useAppSelector(selectLayout);
  const charts = useAppSelector(selectDashboardCharts);
  const [entries, setEntries] = useState<ListEntry[]>(() =>
    saved.map((item) => ({ item, deletedUntil: null })),
  );
  const [selectedId, setSelectedId] = useState<string | null>(saved[0]?.id ?? null);
  const [showErrors, setShowErrors] = useState(false);
  // The save's status lives in the store (spec 001 §4); a failure from an earlier opening is not shown.
  const [attempted, setAttempted] = useState(false);
  const configStatus = useAppSelector((state) => selectNativeFilters(state).configStatus);
  const configError = useAppSelector((state) => selectNativeFilters(state).configError);
  const saving = configStatus === 'saving';
  const saveError = attempted && configStatus === 'failed' ? configError : null;
  const [saveFilters] = nativeFiltersApi.useSaveDashboardFiltersMutation();
  const tree = useMemo(
    () => scopeTree(layout, (id) => charts[id]?.sliceName ?? `Chart ${String(id)}`),
    [layout, charts],
  );

  // A removed item stays restorable for FILTER_DELETE_UNDO_MS, then leaves the list.
  const nextExpiry = entries.reduce<number | null>(
    (min, e) => (e.deletedUntil !== null && (min === null || e.deletedUntil < min) ? e.deletedUntil : min),
    null,
  );
  useEffect(() => {
    if (nextExpiry === null) return;
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setEntries((list) => list.filter((e) => e.deletedUntil === null || e.deletedUntil > now));
      },
      Math.max(0, nextExpiry - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  const live = entries.filter((e) => e.deletedUntil === null).map((e) => e.item);
  const invalidIds = new Set(
    showErrors
      ? live.filter((item) => Object.keys(validateItem(item, live)).length > 0).map((i) => i.id)
      : [],
  );
  const selected = live.find((item) => item.id === selectedId) ?? null;

  const update = (item: FilterOrDivider) =>
    setEntries((list) => list.map((e) => (e.item.id === item.id ? { ...e, item } : e)));
  const add = (item: FilterOrDivider) => {
    setEntries((list) => [...list, { item, deletedUntil: null }]);
    setSelectedId(item.id);
  };
  const remove = (id: string) => {
    setEntries((list) =>
      list.map((e) => (e.item.id === id ? { ...e, deletedUntil: Date.now() + FILTER_DELETE_UNDO_MS } : e)),
    );
    if (selectedId === id) setSelectedId(live.find((item) => item.id !== id)?.id ?? null);
  };
  const undo = (id: string) => {
    setEntries((list) => list.map((e) => (e.item.id === id ? { ...e, deletedUntil: null } : e)));
    setSelectedId(id);
  };
  const duplicate = (id: string) => {
    const index = entries.findIndex((e) => e.item.id === id);
    const source = entries[index];
    if (source === undefined) return;
    const copy = duplicateItem(source.item);
    setEntries((list) => [
      ...list.slice(0, index + 1),
      { item: copy, deletedUntil: null },
      ...list.slice(index + 1),
    ]);
    setSelectedId(copy.id);
  };

  const save = async () => {
    const invalid = firstInvalid(live);
    if (invalid >= 0) {
      setShowErrors(true);
      setSelectedId(live[invalid]?.id ?? null);
      return;
    }
    const allCharts = treeChartIds(tree);
    const configuration = live.map((item): FilterOrDivider => {
      if (item.type === 'DIVIDER') return item;
      const excluded = new Set(item.scope.excluded);
      const inScope = allCharts.filter((id) => !excluded.has(id));
      return { ...item, chartsInScope: inScope, tabsInScope: tabsInScope(tree, new Set(inScope)) };
    });
    setAttempted(true);
    dispatch(nativeFiltersActions.filterConfigSaveBegin());
    const result = await saveFilters({ id: info.id, body: filtersUpdate(saved, configuration) });
    if ('error' in result) {
      dispatch(nativeFiltersActions.filterConfigSaveFail(errorText(result.error)));
      return;
    }
    const savedConfiguration = parseFilterConfiguration(result.data.result);
    const metadata: DashboardJsonMetadata = {
      ...info.metadata,
      native_filter_configuration: savedConfiguration,
    };
    dispatch(dashboardInfoPatched({ metadata }));
    dispatch(nativeFiltersActions.filterConfigSaveComplete(savedConfiguration));
    onClose();
  };

  const errors = selected === null || !showErrors ? {} : validateItem(selected, live);
  return (
    <Modal
      open
      title="Add and edit filters"
      width={1000}
      onCancel={onClose}
      mask={{ closable: false }}
      modalRender={(node) => <div data-test="filter-config-modal">{node}</div>}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose} data-test="filter-config-cancel">
            Cancel
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-test="filter-config-save">
            Save
          </Button>
        </Flex>
      }
    >
      {saveError === null ? null : (
        <Alert
          type="error"
          showIcon
          title={saveError}
          style={{ marginBottom: 12 }}
          data-test="filter-config-error"
        />
      )}
      <Flex gap={16} style={{ minHeight: 480 }}>
        <Flex
          vertical
          gap={8}
          style={{
            width: 260,
            flex: 'none',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            paddingInlineEnd: 12,
          }}
        >
          <Dropdown
            menu={{
              items: [
                { key: 'filter', label: <span data-test="filter-config-add-filter">Filter</span> },
                { key: 'divider', label: <span data-test="filter-config-add-divider">Divider</span> },
              ],
              onClick: ({ key }) => add(key === 'divider' ? newDivider() : newFilter()),
            }}
          >
            <Button icon={<PlusOutlined />} data-test="filter-config-add">
              Add filters and dividers
            </Button>
          </Dropdown>
          <FilterList
            entries={entries}
            selectedId={selectedId}
            invalidIds={invalidIds}
            onSelect={setSelectedId}
            onDelete={remove}
            onUndo={undo}
            onDuplicate={duplicate}
            onMove={(from, to) => setEntries((list) => moveItem(list, from, to))}
          />
        </Flex>
        <div style={{ flex: 1, minWidth: 0, maxHeight: 600, overflowY: 'auto' }}>
          {selected === null ? (
            <Empty description="Add a filter or a divider, or select one to edit it." />
          ) : (
            <FilterForm
              key={selected.id}
              item={selected}
              all={live}
              errors={errors}
              tree={tree}
              onChange={update}
            />
          )}
        </div>
      </Flex>
    </Modal>
  );
}
