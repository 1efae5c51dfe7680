import { Empty, Table, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import { LIST_PAGE_SIZE, listAfterTableChange, type ListState, type ListStateUpdate } from './list-query';

interface ListTableProps<Row extends { id: number }> {
  'data-test': string;
  columns: TableProps<Row>['columns'];
  rows: Row[];
  /** All rows the query matches, for the pager. */
  total: number;
  loading: boolean;
  list: ListState;
  onListChange: ListStateUpdate;
  empty: { 'data-test': string; description: string };
  /**
   * The list failed to load: its error state (ListLoadError, with Retry) stands alone, never beside an
   * empty table that claims there is nothing.
   */
  failed: boolean;
  /** The ids of the selected rows, when the page offers bulk actions. */
  selection?: { selected: number[]; onChange: (ids: number[]) => void };
  /** A data-test for every row, for lists whose tests count rows. */
  rowTest?: string;
  size?: 'small' | 'middle';
  /** Rows per page when the list asks the server for other than LIST_PAGE_SIZE. */
  pageSize?: number;
}

/** A server-paged, server-sorted list table: sorting and paging change the list state. */
export function ListTable<Row extends { id: number }>({
  'data-test': dataTest,
  columns,
  rows,
  total,
  loading,
  list,
  onListChange,
  empty,
  failed,
  selection,
  rowTest,
  size,
  pageSize,
}: ListTableProps<Row>) {
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    onListChange((current) => listAfterTableChange(current, pagination.current, sorter));
  };
  if (failed && rows.length === 0) return null;
  return (
    <Table<Row>
      data-test={dataTest}
      rowKey="id"
      size={size}
      onRow={
        rowTest === undefined
          ? undefined
          : () => {
              // antd types onRow as HTML attributes, which leave out data-* ones.
              const attributes: HTMLAttributes<HTMLElement> & { 'data-test': string } = {
                'data-test': rowTest,
              };
              return attributes;
            }
      }
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selection === undefined
          ? undefined
          : {
              selectedRowKeys: selection.selected,
              onChange: (keys) =>
                selection.onChange(keys.filter((key): key is number => typeof key === 'number')),
            }
      }
      locale={{ emptyText: <Empty data-test={empty['data-test']} description={empty.description} /> }}
      pagination={{
        current: list.page + 1,
        pageSize: pageSize ?? LIST_PAGE_SIZE,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
    />
  );
}
