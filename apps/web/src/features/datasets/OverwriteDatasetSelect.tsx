import { useCallback, useState } from 'react';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption, FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { useLazyListDatasetsQuery } from './datasets-api';
import { overwriteCandidatesQuery } from './save-dataset';

interface OverwriteDatasetSelectProps {
  dbId: number;
  userId: number;
  value: number | null;
  onChange: (dataset: { id: number; name: string } | null) => void;
  status?: 'error';
}

/** The user's own virtual datasets on the query's database, searched and paged on the server. */
export function OverwriteDatasetSelect({
  dbId,
  userId,
  value,
  onChange,
  status,
}: OverwriteDatasetSelectProps) {
  const [listDatasets] = useLazyListDatasetsQuery();
  // Names by id of the datasets read, for the page (which overwrites by name) and the shown choice.
  const [names] = useState(() => new Map<number, string>());
  const [picked, setPicked] = useState<AsyncSelectOption | null>(null);
  const fetchDatasets = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listDatasets(
        overwriteCandidatesQuery(dbId, userId, search, page, pageSize),
        true,
      ).unwrap();
      for (const dataset of response.result) names.set(dataset.id, dataset.table_name);
      return {
        options: response.result.map((dataset) => ({
          value: dataset.id,
          label: dataset.schema === null ? dataset.table_name : `${dataset.schema}.${dataset.table_name}`,
        })),
        totalCount: response.count,
      };
    },
    [listDatasets, dbId, userId, names],
  );
  return (
    <AsyncSelect
      data-test="dataset-overwrite-select"
      aria-label="Dataset to overwrite"
      placeholder="Select or type dataset name"
      allowClear
      status={status}
      fetchOptions={fetchDatasets}
      emptyText="No datasets of yours to overwrite"
      value={picked !== null && picked.value === value ? picked : null}
      onChange={(choice) => {
        setPicked(choice);
        const id = choice === null ? undefined : Number(choice.value);
        const name = id === undefined ? undefined : names.get(id);
        onChange(id === undefined || name === undefined ? null : { id, name });
      }}
    />
  );
}
