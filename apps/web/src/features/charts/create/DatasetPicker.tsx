import type { DatasetListItem } from '@tessera/contracts';
import { Flex } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { can } from '../../../shared/session/permissions';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type { FetchSelectOptions } from '../../../shared/ui/async-select/async-select-rules';
import { ListLoadError } from '../../../shared/ui/ListLoadError';
import { useLazyListDatasetsQuery } from '../../datasets/datasets-api';
import { NO_DATASET_ACCESS } from '../dataset-access';

interface DatasetPickerProps {
  value: DatasetListItem | null;
  onChange: (dataset: DatasetListItem) => void;
}

/** The datasets the user can read, in the one select over server choices: searched and paged by the server. */
export function DatasetPicker({ value, onChange }: DatasetPickerProps) {
  const [listDatasets] = useLazyListDatasetsQuery();
  const canAddDatasets = useAppSelector((state) => can(state.session.user, 'can_write', 'Dataset'));
  // The datasets read so far, so a pick hands its whole row to the page.
  const read = useRef(new Map<number, DatasetListItem>());
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [attempt, setAttempt] = useState(0);
  const fetchDatasets = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      setSearching(search !== '');
      const response = await listDatasets(
        {
          filters: search === '' ? [] : [{ col: 'table_name', opr: 'ct', value: search }],
          order_column: 'table_name',
          order_direction: 'asc',
          page,
          page_size: pageSize,
        },
        true,
      ).unwrap();
      setError(undefined);
      for (const dataset of response.result) read.current.set(dataset.id, dataset);
      return {
        options: response.result.map((dataset) => ({ value: dataset.id, label: dataset.table_name })),
        totalCount: response.count,
      };
    },
    [listDatasets],
  );
  const emptyDescription = searching
    ? 'No datasets match your search'
    : canAddDatasets
      ? 'No datasets yet'
      : NO_DATASET_ACCESS;
  return (
    <Flex vertical gap={8} data-test="chart-create-dataset-picker">
      {/* The wrapper keeps the search's test id; the choices are `chart-create-dataset-option`. */}
      <div data-test="chart-create-dataset-search">
        <AsyncSelect
          data-test="chart-create-dataset"
          aria-label="Dataset"
          placeholder="Search datasets"
          fetchOptions={fetchDatasets}
          reloadKey={String(attempt)}
          onError={setError}
          emptyText={<span data-test="chart-create-dataset-empty">{emptyDescription}</span>}
          value={value === null ? null : { value: value.id, label: value.table_name }}
          onChange={(choice) => {
            const dataset = choice === null ? undefined : read.current.get(Number(choice.value));
            if (dataset !== undefined) onChange(dataset);
          }}
        />
      </div>
      <ListLoadError
        title="Sorry there was an error fetching the datasets"
        error={error}
        onRetry={() => {
          setError(undefined);
          setAttempt((count) => count + 1);
        }}
      />
    </Flex>
  );
}
