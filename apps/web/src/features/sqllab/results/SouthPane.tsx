import { Flex, Tabs, theme } from 'antd';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { removeDataPreview, type Table } from '../state';
import { selectQuery, selectTab, selectTabTables } from '../store/selectors';
import { QueryHistory } from './QueryHistory';
import { ResultSet } from './ResultSet';

const RESULTS_KEY = 'results';
const HISTORY_KEY = 'history';

function previewKey(table: Pick<Table, 'id'>): string {
  return `preview:${table.id}`;
}

function PreviewResult({ queryId }: { queryId: string }) {
  const query = useAppSelector((state) => selectQuery(state, queryId));
  return <ResultSet query={query} emptyText="The preview is no longer available." />;
}

/**
 * The south pane: the latest query's result, the tab's query history and one result tab per data
 * preview. Running a query shows its result; starting a preview shows that preview.
 */
export function SouthPane({ editorId }: { editorId: string }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const latestQueryId = useAppSelector((state) => selectTab(state, editorId)?.latestQueryId ?? null);
  const latest = useAppSelector((state) => selectQuery(state, latestQueryId));
  const tables = useAppSelector((state) => selectTabTables(state, editorId));
  const previews = tables.filter((table) => table.dataPreviewQueryId !== null);

  const [activeKey, setActiveKey] = useState(RESULTS_KEY);
  // Follow what the user just started: a new run shows Results, a new preview shows its tab.
  const previewIds = previews.map((table) => table.dataPreviewQueryId ?? '').join(',');
  const [seen, setSeen] = useState({ latestQueryId, previewIds });
  if (seen.latestQueryId !== latestQueryId || seen.previewIds !== previewIds) {
    const before = new Set(seen.previewIds.split(','));
    const started = previews.find((table) => !before.has(table.dataPreviewQueryId ?? ''));
    setSeen({ latestQueryId, previewIds });
    if (seen.latestQueryId !== latestQueryId) setActiveKey(RESULTS_KEY);
    else if (started !== undefined) setActiveKey(previewKey(started));
  }
  const shownKey =
    activeKey === RESULTS_KEY ||
    activeKey === HISTORY_KEY ||
    previews.some((table) => previewKey(table) === activeKey)
      ? activeKey
      : RESULTS_KEY;

  const items = [
    { key: RESULTS_KEY, label: <span data-test="sqllab-results-tab">Results</span>, closable: false },
    { key: HISTORY_KEY, label: <span data-test="sqllab-history-tab">Query history</span>, closable: false },
    ...previews.map((table) => ({
      key: previewKey(table),
      label: (
        <span data-test="sqllab-preview-tab" data-table={table.name}>
          Preview: {table.name}
        </span>
      ),
      closable: true,
    })),
  ];

  const previewShown = previews.find((table) => previewKey(table) === shownKey);
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-test="sqllab-south-pane">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={shownKey}
        items={items}
        onChange={setActiveKey}
        onEdit={(target, action) => {
          const table = previews.find((candidate) => previewKey(candidate) === target);
          if (action === 'remove' && table !== undefined) dispatch(removeDataPreview({ table }));
        }}
        tabBarStyle={{ marginBottom: token.marginXS }}
      />
      <Flex
        vertical
        style={{ flex: 1, minHeight: 0, overflow: shownKey === HISTORY_KEY ? 'auto' : 'hidden' }}
      >
        {shownKey === HISTORY_KEY ? (
          <QueryHistory editorId={editorId} />
        ) : previewShown?.dataPreviewQueryId ? (
          <PreviewResult key={previewShown.dataPreviewQueryId} queryId={previewShown.dataPreviewQueryId} />
        ) : (
          <ResultSet
            key={latest?.id ?? 'none'}
            query={latest}
            emptyText="Run a query to see its results here."
          />
        )}
      </Flex>
    </Flex>
  );
}
