import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Table, type TableProps } from 'antd';
import { newCalculatedColumn, type ColumnDraft } from './dataset-draft';

type ColumnTextField =
  | 'verbose_name'
  | 'description'
  | 'python_date_format'
  | 'certified_by'
  | 'certification_details'
  | 'warning_text';

interface DatasetColumnsTableProps {
  /** Calculated columns get name and expression inputs, a delete button and an add button. */
  calculated: boolean;
  columns: ColumnDraft[];
  onChange: (key: string, changes: Partial<ColumnDraft>) => void;
  onAdd?: (column: ColumnDraft) => void;
  onDelete?: (key: string) => void;
}

/**
 * The editable columns of a dataset: physical ones (names fixed by the engine) or calculated ones,
 * with their certification and warning (spec 001 §3).
 */
export function DatasetColumnsTable({
  calculated,
  columns,
  onChange,
  onAdd,
  onDelete,
}: DatasetColumnsTableProps) {
  const text = (field: ColumnTextField, label: string) => ({
    title: label,
    key: field,
    render: (_value: unknown, column: ColumnDraft) => (
      <Input
        aria-label={`${label} of ${column.column_name || 'new column'}`}
        data-test={`column-${field}`}
        value={column[field]}
        onChange={(event) => onChange(column.key, { [field]: event.target.value })}
      />
    ),
  });
  const flag = (field: 'is_dttm' | 'groupby' | 'filterable', label: string) => ({
    title: label,
    key: field,
    align: 'center' as const,
    render: (_value: unknown, column: ColumnDraft) => (
      <Checkbox
        aria-label={`${label}: ${column.column_name || 'new column'}`}
        data-test={`column-${field}`}
        checked={column[field]}
        onChange={(event) => onChange(column.key, { [field]: event.target.checked })}
      />
    ),
  });
  const nameColumn: NonNullable<TableProps<ColumnDraft>['columns']>[number] = calculated
    ? {
        title: 'Column',
        key: 'column_name',
        render: (_value, column) => (
          <Input
            aria-label="Column name"
            data-test="column-name-input"
            value={column.column_name}
            onChange={(event) => onChange(column.key, { column_name: event.target.value })}
          />
        ),
      }
    : { title: 'Column', dataIndex: 'column_name', key: 'column_name' };
  const tableColumns: TableProps<ColumnDraft>['columns'] = [
    nameColumn,
    ...(calculated
      ? [
          {
            title: 'SQL expression',
            key: 'expression',
            render: (_value: unknown, column: ColumnDraft) => (
              <Input.TextArea
                aria-label={`SQL expression of ${column.column_name || 'new column'}`}
                data-test="column-expression"
                autoSize={{ minRows: 1, maxRows: 4 }}
                value={column.expression ?? ''}
                onChange={(event) => onChange(column.key, { expression: event.target.value })}
              />
            ),
          },
        ]
      : [{ title: 'Type', dataIndex: 'type', key: 'type' }]),
    text('verbose_name', 'Label'),
    text('description', 'Description'),
    flag('is_dttm', 'Is temporal'),
    flag('groupby', 'Is dimension'),
    flag('filterable', 'Is filterable'),
    text('python_date_format', 'Datetime format'),
    text('certified_by', 'Certified by'),
    text('certification_details', 'Certification details'),
    text('warning_text', 'Warning'),
    ...(calculated
      ? [
          {
            title: '',
            key: 'delete',
            render: (_value: unknown, column: ColumnDraft) => (
              <Button
                type="text"
                danger
                data-test="column-delete"
                aria-label={`Delete ${column.column_name || 'new column'}`}
                icon={<DeleteOutlined />}
                onClick={() => onDelete?.(column.key)}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={8}>
      {calculated ? (
        <Flex justify="flex-end">
          <Button
            data-test="add-calculated-column"
            icon={<PlusOutlined />}
            onClick={() => onAdd?.(newCalculatedColumn())}
          >
            Add item
          </Button>
        </Flex>
      ) : null}
      <Table<ColumnDraft>
        data-test={calculated ? 'calculated-columns-table' : 'columns-table'}
        rowKey="key"
        size="small"
        columns={tableColumns}
        dataSource={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
