import type { DatasetListItem } from '@tessera/contracts';
import { Flex, Radio, type TableProps } from 'antd';
import { useState } from 'react';
import { ListLoadError } from '../../../shared/ui/ListLoadError';
import { ListSearch } from '../../../shared/ui/ListSearch';
import { ListTable } from '../../../shared/ui/ListTable';
import { buildListQuery, tableSortOrder, type ListState } from '../../../shared/ui/list-query';
import { useAppSelector } from '../../../app/hooks';
import { can } from '../../../shared/session/permissions';
import { useListDatasetsQuery } from '../../datasets/datasets-api';
import { NO_DATASET_ACCESS } from '../dataset-access';

interface DatasetPickerProps {
  value: DatasetListItem | null;
  onChange: (dataset: DatasetListItem) => void;
}

/** The datasets the user can read, searched and paged on the server; one is chosen with its radio. */
export function DatasetPicker({ value, onChange }: DatasetPickerProps) {
  const [list, setList] = useState<ListState>({
    search: '',
    page: 0,
    sortColumn: 'table_name',
    sortDirection: 'asc',
  });
  const { data, error, isFetching, refetch } = useListDatasetsQuery(buildListQuery(list, 'table_name'));
  const canAddDatasets = useAppSelector((state) => can(state.session.user, 'can_write', 'Dataset'));
  const emptyDescription =
    list.search.trim() !== ''
      ? 'No datasets match your search'
      : canAddDatasets
        ? 'No datasets yet'
        : NO_DATASET_ACCESS;
  const columns: TableProps<DatasetListItem>['columns'] = [
    {
      title: 'Dataset',
      dataIndex: 'table_name',
      key: 'table_name',
      sorter: true,
      sortOrder: tableSortOrder(list, 'table_name'),
      render: (_value, dataset) => (
        <span data-test="chart-create-dataset-option" data-dataset={dataset.table_name}>
          <Radio checked={value?.id === dataset.id} onChange={() => onChange(dataset)}>
            {dataset.table_name}
          </Radio>
        </span>
      ),
    },
    { title: 'Database', key: 'database', render: (_value, dataset) => dataset.database.database_name },
    { title: 'Schema', dataIndex: 'schema', key: 'schema' },
  ];
  return (
    <Flex vertical gap={8} data-test="chart-create-dataset-picker">
      <ListSearch
        data-test="chart-create-dataset-search"
        placeholder="Search datasets"
        onListChange={setList}
      />
      <ListLoadError
        title="Sorry there was an error fetching the datasets"
        error={error}
        onRetry={() => void refetch()}
      />
      <ListTable<DatasetListItem>
        data-test="chart-create-dataset-table"
        columns={columns}
        rows={data?.result ?? []}
        total={data?.count ?? 0}
        loading={isFetching}
        failed={error !== undefined}
        list={list}
        onListChange={setList}
        empty={{
          'data-test': 'chart-create-dataset-empty',
          description: emptyDescription,
        }}
      />
    </Flex>
  );
}
