import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Table, type TableProps } from 'antd';
import { newMetric, type MetricDraft } from './dataset-draft';

type MetricTextField =
  'metric_name' | 'verbose_name' | 'd3format' | 'warning_text' | 'certified_by' | 'description';

interface DatasetMetricsTableProps {
  metrics: MetricDraft[];
  onChange: (key: string, changes: Partial<MetricDraft>) => void;
  onAdd: (metric: MetricDraft) => void;
  onDelete: (key: string) => void;
}

/** The saved metrics of a dataset: name, label, SQL expression, D3 format, warning and certification. */
export function DatasetMetricsTable({ metrics, onChange, onAdd, onDelete }: DatasetMetricsTableProps) {
  const text = (field: MetricTextField, label: string) => ({
    title: label,
    key: field,
    render: (_value: unknown, metric: MetricDraft) => (
      <Input
        aria-label={`${label} of ${metric.metric_name || 'new metric'}`}
        data-test={`metric-${field}`}
        value={metric[field]}
        onChange={(event) => onChange(metric.key, { [field]: event.target.value })}
      />
    ),
  });
  const columns: TableProps<MetricDraft>['columns'] = [
    text('metric_name', 'Metric'),
    text('verbose_name', 'Label'),
    {
      title: 'SQL expression',
      key: 'expression',
      render: (_value, metric) => (
        <Input.TextArea
          aria-label={`SQL expression of ${metric.metric_name || 'new metric'}`}
          data-test="metric-expression"
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={metric.expression}
          onChange={(event) => onChange(metric.key, { expression: event.target.value })}
        />
      ),
    },
    text('d3format', 'D3 format'),
    text('warning_text', 'Warning'),
    text('certified_by', 'Certified by'),
    text('description', 'Description'),
    {
      title: '',
      key: 'delete',
      render: (_value, metric) => (
        <Button
          type="text"
          danger
          data-test="metric-delete"
          aria-label={`Delete ${metric.metric_name || 'new metric'}`}
          icon={<DeleteOutlined />}
          onClick={() => onDelete(metric.key)}
        />
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex justify="flex-end">
        <Button data-test="add-metric" icon={<PlusOutlined />} onClick={() => onAdd(newMetric())}>
          Add item
        </Button>
      </Flex>
      <Table<MetricDraft>
        data-test="metrics-table"
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={metrics}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
