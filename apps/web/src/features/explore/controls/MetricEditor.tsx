import { Button, Flex, Input, Select, Tabs, theme, Typography } from 'antd';
import { useState } from 'react';
import { METRIC_AGGREGATES, type ExploreDatasource, type MetricAggregate } from '@tessera/contracts';
import { parseSimpleMetricExpression } from '@tessera/core';
import { simpleMetric, sqlMetric, type MetricValue } from './adhoc';

interface MetricEditorProps {
  datasource: ExploreDatasource;
  initial: MetricValue | null;
  onSave: (metric: MetricValue) => void;
  onCancel: () => void;
}

type TabKey = 'SAVED' | 'SIMPLE' | 'SQL';

function initialTab(initial: MetricValue | null): TabKey {
  if (typeof initial === 'string') return 'SAVED';
  return initial?.expressionType ?? 'SIMPLE';
}

/**
 * The metric popover: a saved metric, a column with an aggregate, or custom SQL. Custom SQL that
 * matches the simple pattern (spec 001 §5, e.g. `SUM(num)`) is offered back as a simple metric.
 */
export function MetricEditor({ datasource, initial, onSave, onCancel }: MetricEditorProps) {
  const { token } = theme.useToken();
  const [tab, setTab] = useState<TabKey>(initialTab(initial));
  const adhoc = typeof initial === 'string' ? null : initial;
  const [saved, setSaved] = useState<string | null>(typeof initial === 'string' ? initial : null);
  const [column, setColumn] = useState<string | null>(adhoc?.column?.column_name ?? null);
  const [aggregate, setAggregate] = useState<MetricAggregate | null>(adhoc?.aggregate ?? null);
  const [sql, setSql] = useState(adhoc?.expressionType === 'SQL' ? (adhoc.sqlExpression ?? '') : '');
  const [label, setLabel] = useState(adhoc?.hasCustomLabel === true ? adhoc.label : '');

  const simpleFromSql = tab === 'SQL' ? parseSimpleMetricExpression(sql) : null;
  const columnByName = new Map(datasource.columns.map((item) => [item.column_name, item]));
  const canSave =
    (tab === 'SAVED' && saved !== null) ||
    (tab === 'SIMPLE' && column !== null && aggregate !== null) ||
    (tab === 'SQL' && sql.trim() !== '');

  const save = () => {
    if (tab === 'SAVED' && saved !== null) onSave(saved);
    const target = column === null ? undefined : columnByName.get(column);
    if (tab === 'SIMPLE' && target && aggregate !== null) {
      onSave(keepIdentity(simpleMetric(aggregate, target, label), adhoc));
    }
    if (tab === 'SQL' && sql.trim() !== '') onSave(keepIdentity(sqlMetric(sql.trim(), label), adhoc));
  };

  const useSimple = () => {
    if (simpleFromSql === null) return;
    setColumn(simpleFromSql.column);
    setAggregate(simpleFromSql.aggregate);
    setTab('SIMPLE');
  };

  return (
    <div style={{ width: 360 }} data-test="metric-editor">
      <Input
        placeholder="Custom label (optional)"
        value={label}
        onChange={(event) => {
          setLabel(event.target.value);
        }}
        disabled={tab === 'SAVED'}
        data-test="metric-label"
        style={{ marginBottom: token.marginXS }}
      />
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => {
          setTab(key === 'SAVED' || key === 'SQL' ? key : 'SIMPLE');
        }}
        items={[
          {
            key: 'SAVED',
            label: 'Saved',
            children: (
              <Select
                style={{ width: '100%' }}
                showSearch
                placeholder={
                  datasource.metrics.length === 0
                    ? 'This dataset has no saved metrics'
                    : 'Select a saved metric'
                }
                value={saved}
                onChange={setSaved}
                options={datasource.metrics.map((metric) => ({
                  value: metric.metric_name,
                  label: metric.verbose_name ?? metric.metric_name,
                }))}
                data-test="metric-saved-select"
              />
            ),
          },
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: (
              <Flex vertical gap={token.marginXS}>
                <Select
                  showSearch
                  placeholder="Column"
                  value={column}
                  onChange={setColumn}
                  options={datasource.columns.map((item) => ({
                    value: item.column_name,
                    label: item.verbose_name ?? item.column_name,
                  }))}
                  data-test="metric-column-select"
                />
                <Select
                  placeholder="Aggregate"
                  value={aggregate}
                  onChange={setAggregate}
                  options={METRIC_AGGREGATES.map((value) => ({ value, label: value }))}
                  data-test="metric-aggregate-select"
                />
              </Flex>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <Flex vertical gap={token.marginXS}>
                <Input.TextArea
                  rows={4}
                  value={sql}
                  onChange={(event) => {
                    setSql(event.target.value);
                  }}
                  placeholder="e.g. SUM(num) / COUNT(*)"
                  style={{ fontFamily: token.fontFamilyCode }}
                  data-test="metric-sql"
                />
                {simpleFromSql !== null ? (
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                    This is a simple metric.{' '}
                    <Typography.Link onClick={useSimple}>
                      Edit it as {simpleFromSql.aggregate}({simpleFromSql.column})
                    </Typography.Link>
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      <Flex justify="end" gap={token.marginXS} style={{ marginTop: token.marginSM }}>
        <Button size="small" onClick={onCancel} data-test="metric-cancel">
          Close
        </Button>
        <Button size="small" type="primary" disabled={!canSave} onClick={save} data-test="metric-save">
          Save
        </Button>
      </Flex>
    </div>
  );
}

/** An edited metric keeps its optionName, so column_config follows a new label (spec 001 §4). */
function keepIdentity<T extends { optionName: string }>(
  metric: T,
  previous: { optionName: string } | null,
): T {
  return previous === null ? metric : { ...metric, optionName: previous.optionName };
}
