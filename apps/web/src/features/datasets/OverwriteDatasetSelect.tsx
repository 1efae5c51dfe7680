import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useListDatasetsQuery } from './datasets-api';
import { overwriteCandidatesQuery } from './save-dataset';

interface OverwriteDatasetSelectProps {
  dbId: number;
  userId: number;
  value: number | null;
  onChange: (dataset: { id: number; name: string } | null) => void;
  status?: 'error';
}

/** The user's own virtual datasets on the query's database, searched by name on the server. */
export function OverwriteDatasetSelect({
  dbId,
  userId,
  value,
  onChange,
  status,
}: OverwriteDatasetSelectProps) {
  const [search, setSearch] = useState('');
  const { data, isFetching, error } = useListDatasetsQuery(overwriteCandidatesQuery(dbId, userId, search));
  const options = (data?.result ?? []).map((dataset) => ({
    value: dataset.id,
    label: dataset.schema === null ? dataset.table_name : `${dataset.schema}.${dataset.table_name}`,
    name: dataset.table_name,
  }));
  return (
    <>
      <Select<number>
        data-test="dataset-overwrite-select"
        aria-label="Dataset to overwrite"
        placeholder="Select or type dataset name"
        style={{ width: '100%' }}
        allowClear
        loading={isFetching}
        status={status}
        value={value ?? undefined}
        options={options}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        notFoundContent={isFetching ? 'Loading…' : 'No datasets of yours to overwrite'}
        onChange={(id?: number) => {
          const option = options.find((entry) => entry.value === id);
          onChange(option === undefined ? null : { id: option.value, name: option.name });
        }}
      />
      {error === undefined ? null : (
        <Typography.Text type="danger" data-test="dataset-overwrite-load-error">
          The datasets could not be loaded.
        </Typography.Text>
      )}
    </>
  );
}
