import { Tooltip, type TableProps } from 'antd';
import { tableSortOrder, type ListState } from './list-query';

type Column<Row> = NonNullable<TableProps<Row>['columns']>[number];

/**
 * The "Last modified" column of a list table: the humanized age, sortable under `key`, with the exact
 * time `modifiedAt` gives in a tooltip.
 */
export function lastModifiedColumn<Row>(
  list: ListState,
  key: string,
  modifiedAt: (row: Row) => string | null | undefined,
): Column<Row> {
  return {
    title: 'Last modified',
    dataIndex: 'changed_on_delta_humanized',
    key,
    sorter: true,
    sortOrder: tableSortOrder(list, key),
    render: (value: string, row) => (
      <Tooltip title={modifiedAt(row)}>
        <span>{value}</span>
      </Tooltip>
    ),
  };
}
