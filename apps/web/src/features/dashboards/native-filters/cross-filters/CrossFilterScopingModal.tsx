import {
  CROSS_FILTER_SCOPING_SAVE_FAILED,
  crossFilterScopingReducer,
  type CrossFilterScopingState,
} from '@tessera/core';
import { Alert, Button, Flex, Menu, Modal, Radio, Tabs, theme } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { errorText } from '../../../../shared/errors/to-api-error';
import { toastAdded } from '../../../../shared/toasts/toasts-slice';
import type { DashboardInfo } from '../../state/dashboard-info';
import { dashboardInfoPatched } from '../../state/dashboard-info.slice';
import { selectDashboardCharts, selectDashboardDatasources, selectLayout } from '../../state/dashboard-store';
import { ScopeEditor } from '../config/ScopeEditor';
import { scopeTree, treeChartIds } from '../config/scope-tree';
import { nativeFiltersApi } from '../native-filters-api';
import { MappingEditor } from './MappingEditor';
import { mappingErrors, scopingDraft, scopingMetadata, type ScopingDraft } from './scoping-model';

const GLOBAL_KEY = 'global';

interface CrossFilterScopingModalProps {
  info: DashboardInfo;
  onClose: () => void;
}

/**
 * 'Cross-filter scoping' (editors; spec 001 §2, §4): the global scope of cross-filters, each chart's
 * own scope ('global' or custom), and the cross-dataset column mappings; saved in json_metadata with
 * PUT /api/v1/dashboard/{id}. A failure shows the danger toast and the server's message.
 */
export default function CrossFilterScopingModal({ info, onClose }: CrossFilterScopingModalProps) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const layout = useAppSelector(selectLayout);
  const charts = useAppSelector(selectDashboardCharts);
  const datasources = useAppSelector(selectDashboardDatasources);
  const [saveMetadata] = nativeFiltersApi.useSaveDashboardMetadataMutation();
  const [draft, setDraft] = useState<ScopingDraft>(() => scopingDraft(info.metadata));
  const [selected, setSelected] = useState<string>(GLOBAL_KEY);
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, dispatchSaving] = useReducer(
    crossFilterScopingReducer,
    null,
    (): CrossFilterScopingState => ({
      chartConfiguration: info.metadata.chart_configuration ?? {},
      globalChartConfiguration: info.metadata.global_chart_configuration ?? null,
      status: 'idle',
      dangerToast: null,
    }),
  );
  const chartName = (id: number) => charts[id]?.sliceName ?? `Chart ${String(id)}`;
  const tree = useMemo(
    () => scopeTree(layout, (id) => charts[id]?.sliceName ?? `Chart ${String(id)}`),
    [layout, charts],
  );
  const chartIds = treeChartIds(tree);
  const datasets = useMemo(() => {
    const byId = new Map(Object.values(datasources).map((d) => [d.id, d]));
    return [...byId.values()].sort((a, b) => a.table_name.localeCompare(b.table_name));
  }, [datasources]);
  const errors = showErrors ? mappingErrors(draft.mappings) : {};

  const save = async () => {
    if (Object.keys(mappingErrors(draft.mappings)).length > 0) {
      setShowErrors(true);
      return;
    }
    const metadata = scopingMetadata(info.metadata, draft, chartIds);
    dispatchSaving({ type: 'crossFilterScopingSaveBegin' });
    setSaveError(null);
    const result = await saveMetadata({ id: info.id, jsonMetadata: JSON.stringify(metadata) });
    if ('error' in result) {
      dispatchSaving({ type: 'crossFilterScopingSaveFail' });
      dispatch(toastAdded('danger', CROSS_FILTER_SCOPING_SAVE_FAILED));
      setSaveError(errorText(result.error));
      return;
    }
    dispatchSaving({
      type: 'crossFilterScopingSaveComplete',
      chartConfiguration: metadata.chart_configuration ?? {},
      globalChartConfiguration: metadata.global_chart_configuration ?? null,
    });
    dispatch(dashboardInfoPatched({ metadata }));
    onClose();
  };

  const chartId = selected === GLOBAL_KEY ? null : Number(selected);
  const custom = chartId === null ? null : (draft.custom[chartId] ?? null);
  const scoping = (
    <Flex gap={16} style={{ minHeight: 360 }}>
      <Menu
        selectedKeys={[selected]}
        onClick={({ key }) => setSelected(key)}
        style={{ width: 240, flex: 'none', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        items={[
          {
            key: GLOBAL_KEY,
            label: <span data-test="cross-filter-scoping-global">All charts (global)</span>,
          },
          ...chartIds.map((id) => ({
            key: String(id),
            label: (
              <span data-test="cross-filter-scoping-chart" data-chart-id={id}>
                {chartName(id)}
                {draft.custom[id] === undefined || draft.custom[id] === null ? '' : ' (custom)'}
              </span>
            ),
          })),
        ]}
      />
      <Flex vertical gap={8} style={{ flex: 1 }}>
        {chartId === null ? (
          <ScopeEditor
            tree={tree}
            excluded={draft.globalExcluded}
            onChange={(globalExcluded) => setDraft({ ...draft, globalExcluded })}
          />
        ) : (
          <>
            <Radio.Group
              value={custom === null ? 'global' : 'custom'}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  custom: {
                    ...draft.custom,
                    [chartId]: e.target.value === 'global' ? null : [...draft.globalExcluded],
                  },
                })
              }
            >
              <Radio value="global" data-test="cross-filter-scoping-use-global">
                Global scoping
              </Radio>
              <Radio value="custom" data-test="cross-filter-scoping-use-custom">
                Custom scoping
              </Radio>
            </Radio.Group>
            {custom === null ? null : (
              <ScopeEditor
                tree={tree}
                excluded={custom}
                onChange={(excluded) =>
                  setDraft({ ...draft, custom: { ...draft.custom, [chartId]: excluded } })
                }
              />
            )}
          </>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open
      title="Cross-filter scoping"
      width={900}
      onCancel={onClose}
      mask={{ closable: false }}
      modalRender={(node) => <div data-test="cross-filter-scoping-modal">{node}</div>}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose} data-test="cross-filter-scoping-cancel">
            Cancel
          </Button>
          <Button
            type="primary"
            loading={saving.status === 'saving'}
            onClick={() => void save()}
            data-test="cross-filter-scoping-save"
          >
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
          data-test="cross-filter-scoping-error"
        />
      )}
      <Tabs
        items={[
          {
            key: 'scoping',
            label: <span data-test="cross-filter-tab-scoping">Scoping</span>,
            children: scoping,
          },
          {
            key: 'mappings',
            label: <span data-test="cross-filter-tab-mappings">Dataset mappings</span>,
            children: (
              <MappingEditor
                datasets={datasets}
                mappings={draft.mappings}
                errors={errors}
                onChange={(mappings) => setDraft({ ...draft, mappings })}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
