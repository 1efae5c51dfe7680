import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tag, theme } from 'antd';
import { useState } from 'react';
import type { ExploreDatasource } from '@tessera/contracts';
import { metricLabel } from '@tessera/core';
import { asMetricList, type MetricValue } from './adhoc';
import { MetricEditor } from './MetricEditor';

interface MetricsControlProps {
  name: string;
  multi: boolean;
  value: unknown;
  datasource: ExploreDatasource;
  onChange: (value: unknown) => void;
}

/** Metric pills (saved or adhoc), each opening the metric editor; "+" adds one. */
export function MetricsControl({ name, multi, value, datasource, onChange }: MetricsControlProps) {
  const { token } = theme.useToken();
  const metrics = asMetricList(value);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const commit = (list: MetricValue[]) => {
    onChange(multi ? list : (list[0] ?? null));
  };
  const save = (metric: MetricValue) => {
    if (editing === 'new') commit(multi ? [...metrics, metric] : [metric]);
    else if (editing !== null) commit(metrics.map((item, index) => (index === editing ? metric : item)));
    setEditing(null);
  };
  const editor = (initial: MetricValue | null) => (
    <MetricEditor
      datasource={datasource}
      initial={initial}
      onSave={save}
      onCancel={() => {
        setEditing(null);
      }}
    />
  );

  return (
    <Flex wrap gap={token.marginXXS} data-test={`metrics-${name}`}>
      {metrics.map((metric, index) => (
        <Popover
          key={typeof metric === 'string' ? metric : metric.optionName}
          trigger="click"
          open={editing === index}
          onOpenChange={(open) => {
            setEditing(open ? index : null);
          }}
          // Popovers without content never report opening, so the editor is always given.
          content={editor(metric)}
          destroyOnHidden
        >
          <Tag
            closable
            color={typeof metric === 'string' ? 'blue' : 'geekblue'}
            onClose={(event) => {
              event.preventDefault();
              commit(metrics.filter((_, position) => position !== index));
            }}
            style={{ cursor: 'pointer', marginInlineEnd: 0, paddingBlock: 2 }}
            data-test="metric-pill"
          >
            {typeof metric === 'string'
              ? (datasource.metrics.find((saved) => saved.metric_name === metric)?.verbose_name ?? metric)
              : metricLabel(metric)}
          </Tag>
        </Popover>
      ))}
      {multi || metrics.length === 0 ? (
        <Popover
          trigger="click"
          open={editing === 'new'}
          onOpenChange={(open) => {
            setEditing(open ? 'new' : null);
          }}
          content={editor(null)}
          destroyOnHidden
        >
          <Button size="small" type="dashed" icon={<PlusOutlined />} data-test={`add-metric-${name}`}>
            {metrics.length === 0 ? 'Drop a column/metric here or click' : 'Add metric'}
          </Button>
        </Popover>
      ) : null}
    </Flex>
  );
}
