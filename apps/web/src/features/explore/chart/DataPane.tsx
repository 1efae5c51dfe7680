import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Table, Tabs, theme, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { ExploreDatasource } from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { useGetSamplesQuery, usePostChartDataMutation } from '../api/explore-api';
import { queryContextFor } from './chart-actions';
import { cellTextOf, cellTexts, type CellText } from './result-cells';

interface DataPaneProps {
  formData: ExploreFormData;
  datasource: ExploreDatasource;
  /** The chart has data: its results can be shown. */
  enabled: boolean;
}

type PaneTab = 'results' | 'samples';

/** Below the chart: the query's results (result_type results) and raw dataset samples. */
export function DataPane({ formData, datasource, enabled }: DataPaneProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<PaneTab>('results');
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
      data-test="data-pane"
    >
      <Tabs
        size="small"
        activeKey={open ? tab : ''}
        onTabClick={(key) => {
          setTab(key === 'samples' ? 'samples' : 'results');
          setOpen(true);
        }}
        tabBarStyle={{ margin: 0, paddingInline: token.paddingSM }}
        tabBarExtraContent={
          <Button
            size="small"
            type="text"
            icon={open ? <DownOutlined /> : <UpOutlined />}
            onClick={() => {
              setOpen(!open);
            }}
            aria-label={open ? 'Collapse data pane' : 'Expand data pane'}
            data-test="data-pane-toggle"
          />
        }
        items={[
          { key: 'results', label: <span data-test="data-pane-results-tab">Results</span> },
          { key: 'samples', label: <span data-test="data-pane-samples-tab">Samples</span> },
        ]}
      />
      {open ? (
        <div style={{ padding: token.paddingSM, height: 280 }}>
          {tab === 'results' ? (
            enabled ? (
              <ResultsTab formData={formData} />
            ) : (
              <Typography.Text type="secondary">Run the chart to see its results.</Typography.Text>
            )
          ) : (
            <SamplesTab datasource={datasource} />
          )}
        </div>
      ) : null}
    </div>
  );
}

function ResultsTab({ formData }: { formData: ExploreFormData }) {
  const [post, { data, error, isLoading }] = usePostChartDataMutation();
  useEffect(() => {
    const context = queryContextFor(formData, 'results');
    if (context === null) return undefined;
    const request = post(context);
    return () => {
      request.abort();
    };
  }, [formData, post]);
  const first = data?.result[0];
  const texts = useMemo(
    () => cellTexts(first?.colnames ?? [], first?.coltypes ?? [], formData),
    [first, formData],
  );
  if (error) return <ErrorMessage error={error} />;
  return (
    <DataTable
      loading={isLoading}
      colnames={first?.colnames ?? []}
      texts={texts}
      rows={first?.data ?? []}
      testId="results-table"
    />
  );
}

function SamplesTab({ datasource }: { datasource: ExploreDatasource }) {
  const { data, error, isFetching } = useGetSamplesQuery({
    datasourceId: datasource.id,
    datasourceType: datasource.type,
    force: false,
  });
  const texts = useMemo(() => cellTexts(data?.result.colnames ?? [], data?.result.coltypes ?? []), [data]);
  if (error) return <ErrorMessage error={error} />;
  return (
    <DataTable
      loading={isFetching}
      colnames={data?.result.colnames ?? []}
      texts={texts}
      rows={data?.result.data ?? []}
      testId="samples-table"
    />
  );
}

function DataTable({
  loading,
  colnames,
  texts,
  rows,
  testId,
}: {
  loading: boolean;
  colnames: readonly string[];
  /** How each column's cells read (dates by the chart's time grain). */
  texts: ReadonlyMap<string, CellText>;
  rows: readonly Record<string, unknown>[];
  testId: string;
}) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const indexed = rows.map((row, index) => ({ row, key: index }));
    if (needle === '') return indexed;
    return indexed.filter(({ row }) =>
      colnames.some((name) => cellTextOf(texts, name)(row[name]).toLowerCase().includes(needle)),
    );
  }, [rows, colnames, search, texts]);
  return (
    <Flex vertical gap={token.marginXS} style={{ height: '100%' }}>
      <Flex align="center" gap={token.marginSM}>
        <Typography.Text
          type="secondary"
          style={{ fontSize: token.fontSizeSM }}
          data-test={`${testId}-count`}
        >
          {filtered.length.toLocaleString()} rows
        </Typography.Text>
        <Input.Search
          size="small"
          allowClear
          placeholder="Search"
          style={{ width: 200, marginLeft: 'auto' }}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </Flex>
      <Table
        size="small"
        loading={loading}
        dataSource={filtered}
        rowKey="key"
        pagination={{ pageSize: 50, size: 'small', showSizeChanger: false }}
        scroll={{ x: 'max-content', y: 130 }}
        columns={colnames.map((name) => ({
          key: name,
          title: name,
          ellipsis: true,
          render: (_: unknown, record: { row: Record<string, unknown> }) =>
            cellTextOf(texts, name)(record.row[name]),
        }))}
        data-test={testId}
      />
    </Flex>
  );
}
