import { CheckCircleFilled } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { ChartItem } from '@tessera/contracts';
import { Alert, Button, Empty, Input, Segmented, Select, Spin, theme, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { toApiError } from '../../../shared/errors/to-api-error';
import { vizTypeName } from '../../charts/viz-names';
import { useChartsPaneChartsQuery, type ChartsPaneSort } from './charts-pane-api';
import type { DragData } from './drag-data';
import { useLayoutEditor } from './layout-editor-context';

export const FETCH_CHARTS_ERROR_PREFIX = 'Sorry there was an error fetching saved charts: ';
export const FETCH_CHARTS_FALLBACK_ERROR = 'Could not fetch all saved charts';
const SEARCH_DEBOUNCE_MS = 300;

type Scope = 'mine' | 'all';

const SORT_OPTIONS: { value: ChartsPaneSort; label: string }[] = [
  { value: 'changed_on', label: 'Recently modified' },
  { value: 'slice_name', label: 'Name' },
  { value: 'viz_type', label: 'Chart type' },
];

/** The message of a failed chart fetch (spec 001 §8): the server's reason when there is one. */
export function chartsFetchErrorText(error: unknown): string {
  const message = toApiError(error)?.error;
  return message === undefined || message === ''
    ? FETCH_CHARTS_FALLBACK_ERROR
    : `${FETCH_CHARTS_ERROR_PREFIX}${message}`;
}

function ChartCard({ chart, added }: { chart: ChartItem & { id: number }; added: boolean }) {
  const { token } = theme.useToken();
  const name = chart.slice_name ?? `Chart ${String(chart.id)}`;
  const data: DragData = {
    dragged: {
      kind: 'new',
      type: 'CHART',
      chart: {
        chartId: chart.id,
        sliceName: name,
        ...(chart.uuid === undefined ? {} : { uuid: chart.uuid }),
      },
    },
    label: name,
  };
  // A chart shows once per dashboard, so one already placed cannot be dragged in again.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `chart:${String(chart.id)}`,
    data,
    disabled: added,
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-test="chart-pane-item"
      data-chart-id={chart.id}
      data-added={added ? 'true' : 'false'}
      aria-label={added ? `${name} (on the dashboard)` : `Add ${name}`}
      style={{
        padding: '8px 12px',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: added ? token.colorFillQuaternary : token.colorBgContainer,
        cursor: added ? 'default' : 'grab',
        touchAction: 'none',
        opacity: isDragging ? 0.5 : 1,
        userSelect: 'none',
      }}
    >
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Typography.Text
          strong
          ellipsis
          style={{ flex: 1, color: added ? token.colorTextSecondary : undefined }}
        >
          {name}
        </Typography.Text>
        {added ? (
          <Typography.Text
            type="success"
            style={{ fontSize: 12, whiteSpace: 'nowrap' }}
            data-test="chart-pane-item-added"
          >
            <CheckCircleFilled /> Added
          </Typography.Text>
        ) : null}
      </div>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }}>
        {[vizTypeName(chart.viz_type), chart.datasource_name_text, chart.changed_on_delta_humanized]
          .filter((part) => part !== undefined && part !== null && part !== '')
          .join(' · ')}
      </Typography.Text>
    </div>
  );
}

/**
 * Saved charts to drag onto the dashboard: search, Mine/All, sort (newest first by default); charts already
 * on the dashboard are marked and cannot be added twice.
 */
export function ChartsPane() {
  const { token } = theme.useToken();
  const editor = useLayoutEditor();
  const userId = useAppSelector((state) => state.session.user?.id);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  const [sort, setSort] = useState<ChartsPaneSort>('changed_on');

  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const query = useChartsPaneChartsQuery({
    search: debounced,
    sort,
    ...(scope === 'mine' && userId !== undefined ? { ownerId: userId } : {}),
  });
  const charts = (query.data?.result ?? []).filter(
    (chart): chart is ChartItem & { id: number } => chart.id !== undefined,
  );

  return (
    <div
      data-test="dashboard-charts-pane"
      style={{ display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0, height: '100%' }}
    >
      <Input.Search
        allowClear
        data-test="chart-pane-search"
        placeholder="Filter your charts"
        aria-label="Filter your charts"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Segmented<Scope>
          size="small"
          data-test="chart-pane-scope"
          value={scope}
          options={[
            { label: 'All', value: 'all' },
            { label: 'Mine', value: 'mine' },
          ]}
          onChange={setScope}
        />
        <Select<ChartsPaneSort>
          size="small"
          data-test="chart-pane-sort"
          aria-label="Sort charts"
          value={sort}
          options={SORT_OPTIONS}
          onChange={setSort}
          style={{ flex: 1, minWidth: 0 }}
        />
      </div>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          data-test="chart-pane-error"
          title={chartsFetchErrorText(query.error)}
          action={
            <Button size="small" data-test="chart-pane-retry" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      ) : null}
      {query.isLoading ? (
        <div style={{ padding: 24, textAlign: 'center' }} data-test="chart-pane-loading">
          <Spin />
        </div>
      ) : null}
      {query.isSuccess && charts.length === 0 ? (
        <Empty
          data-test="chart-pane-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={debounced.trim() === '' && scope === 'all' ? 'No saved charts yet' : 'No charts match'}
        />
      ) : null}
      {charts.length > 0 ? (
        <div
          data-test="chart-pane-list"
          style={{
            display: 'flex',
            flexDirection: 'column',
            gap: 6,
            overflowY: 'auto',
            minHeight: 0,
            flex: 1,
            paddingRight: 2,
          }}
        >
          {charts.map((chart) => (
            <ChartCard key={chart.id} chart={chart} added={editor.chartIdsInLayout.has(chart.id)} />
          ))}
          {query.data !== undefined && query.data.count > charts.length ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, color: token.colorTextTertiary }}>
              Showing the first {charts.length} of {query.data.count}; search to narrow the list.
            </Typography.Text>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
