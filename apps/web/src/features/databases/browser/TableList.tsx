import type { TablesResponse } from '@tessera/contracts';
import { Empty, Input, Menu, Tag, Typography } from 'antd';
import { useState } from 'react';

const TYPE_COLORS = { table: 'blue', view: 'purple', materialized_view: 'cyan' } as const;
const TYPE_LABELS = { table: 'table', view: 'view', materialized_view: 'materialized view' } as const;

interface TableListProps {
  tables: TablesResponse['result'];
  selected: string | undefined;
  onSelect: (table: string) => void;
}

/** The tables and views of a schema with a filter box; the chosen one is highlighted. */
export function TableList({ tables, selected, onSelect }: TableListProps) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? tables : tables.filter((table) => table.value.toLowerCase().includes(needle));

  return (
    <>
      <Input
        data-test="table-filter"
        placeholder={`Filter ${tables.length} tables`}
        allowClear
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {shown.length === 0 ? (
        <Empty
          data-test="tables-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={tables.length === 0 ? 'No tables in this schema' : 'No table matches'}
        />
      ) : (
        <Menu
          data-test="table-list"
          mode="inline"
          selectedKeys={selected === undefined ? [] : [selected]}
          onClick={({ key }) => onSelect(key)}
          style={{ borderInlineEnd: 'none', maxHeight: '60vh', overflowY: 'auto' }}
          items={shown.map((table) => ({
            key: table.value,
            label: (
              <span
                data-test="table-item"
                data-table={table.value}
                style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}
              >
                <Typography.Text ellipsis>{table.value}</Typography.Text>
                <Tag color={TYPE_COLORS[table.type]} style={{ marginInlineEnd: 0 }}>
                  {TYPE_LABELS[table.type]}
                </Tag>
              </span>
            ),
          }))}
        />
      )}
    </>
  );
}
