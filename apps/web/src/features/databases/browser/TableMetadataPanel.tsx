import type { TableMetadataResponse } from '@tessera/contracts';
import { Descriptions, Empty, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { genericTypeName } from './generic-type';

type Column = TableMetadataResponse['columns'][number];
type KeyInfo = TableMetadataResponse['indexes'][number];

const columnColumns: TableProps<Column>['columns'] = [
  {
    title: 'Column',
    dataIndex: 'name',
    key: 'name',
    render: (name: string, column) => (
      <Flex gap={4} align="center">
        <Typography.Text code>{name}</Typography.Text>
        {column.comment === null ? null : (
          <Typography.Text type="secondary">{column.comment}</Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    render: (type: string) => <Typography.Text type="secondary">{type}</Typography.Text>,
  },
  {
    title: 'Generic type',
    dataIndex: 'type_generic',
    key: 'type_generic',
    render: (code: number | null) => {
      const name = genericTypeName(code);
      return name === '' ? null : <Tag>{name}</Tag>;
    },
  },
  {
    title: 'Nullable',
    dataIndex: 'nullable',
    key: 'nullable',
    render: (nullable: boolean) => (nullable ? 'yes' : 'no'),
  },
];

function keyColumns(names: readonly string[]) {
  return names.length === 0 ? (
    <Typography.Text type="secondary">none</Typography.Text>
  ) : (
    names.map((name) => <Tag key={name}>{name}</Tag>)
  );
}

function KeyList({
  items,
  render,
  empty,
}: {
  items: readonly KeyInfo[];
  render: (item: KeyInfo) => ReactNode;
  empty: string;
}) {
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {items.map((item, index) => (
        <div key={item.name ?? index}>{render(item)}</div>
      ))}
    </Flex>
  );
}

/** Columns, primary key, foreign keys and indexes of one table. */
export function TableMetadataPanel({ metadata }: { metadata: TableMetadataResponse }) {
  return (
    <Flex vertical gap={16} data-test="table-metadata">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {metadata.name}
      </Typography.Title>
      {metadata.comment === null ? null : (
        <Typography.Paragraph type="secondary">{metadata.comment}</Typography.Paragraph>
      )}
      <Table<Column>
        data-test="table-columns"
        size="small"
        rowKey="name"
        columns={columnColumns}
        dataSource={metadata.columns}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No columns" /> }}
      />
      <Descriptions
        data-test="table-keys"
        size="small"
        column={1}
        bordered
        items={[
          { key: 'pk', label: 'Primary key', children: keyColumns(metadata.primaryKey.column_names) },
          {
            key: 'fk',
            label: 'Foreign keys',
            children: (
              <KeyList
                items={metadata.foreignKeys}
                empty="none"
                render={(fk) => (
                  <>
                    {keyColumns(fk.column_names)} →{' '}
                    {[fk.referred_schema, fk.referred_table].filter(Boolean).join('.')} (
                    {(fk.referred_columns ?? []).join(', ')})
                  </>
                )}
              />
            ),
          },
          {
            key: 'indexes',
            label: 'Indexes',
            children: (
              <KeyList
                items={metadata.indexes}
                empty="none"
                render={(index) => (
                  <>
                    <Typography.Text strong>{index.name ?? '(unnamed)'}</Typography.Text>{' '}
                    {keyColumns(index.column_names)}
                    {index.unique === true ? <Tag color="gold">unique</Tag> : null}
                  </>
                )}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
