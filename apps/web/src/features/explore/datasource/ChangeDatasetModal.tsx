import { Modal, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type {
  AsyncSelectOption,
  FetchSelectOptions,
} from '../../../shared/ui/async-select/async-select-rules';
import { useLazyListDatasetsQuery } from '../../datasets/datasets-api';
import { exploreApi } from '../api/explore-api';
import { exploreActions } from '../store/explore-store';

interface ChangeDatasetModalProps {
  open: boolean;
  currentId: number;
  onClose: () => void;
}

/**
 * Swaps the chart onto another dataset: the controls whose columns and metrics exist there are kept
 * and listed above the control panel (spec 001 §4 'A data source change …lists transferred ones').
 */
export function ChangeDatasetModal({ open, currentId, onClose }: ChangeDatasetModalProps) {
  const dispatch = useAppDispatch();
  const toasts = useToasts();
  const [selected, setSelected] = useState<AsyncSelectOption | null>(null);
  const [loading, setLoading] = useState(false);
  const [listDatasets] = useLazyListDatasetsQuery();
  const fetchDatasets = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
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
      const others = response.result.filter((dataset) => dataset.id !== currentId);
      return {
        options: others.map((dataset) => ({
          value: dataset.id,
          label: `${dataset.schema ? `${dataset.schema}.` : ''}${dataset.table_name} (${dataset.database.database_name})`,
        })),
        // The current dataset is left out of the choices, so out of the count too.
        totalCount: response.count - (response.result.length - others.length),
      };
    },
    [listDatasets, currentId],
  );

  const apply = async () => {
    if (selected === null) return;
    setLoading(true);
    const metadata = await dispatch(
      exploreApi.endpoints.getDatasourceMetadata.initiate(`${String(selected.value)}__table`),
    );
    setLoading(false);
    if (metadata.data === undefined) {
      toasts.addDangerToast('Could not load that dataset');
      return;
    }
    dispatch(exploreActions.datasourceChanged(metadata.data));
    onClose();
  };

  return (
    <Modal
      title="Change dataset"
      open={open}
      onCancel={onClose}
      onOk={() => void apply()}
      okText="Use this dataset"
      okButtonProps={{ disabled: selected === null, loading }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Controls that name columns or metrics the new dataset also has keep their values.
      </Typography.Paragraph>
      <AsyncSelect
        placeholder="Search datasets"
        value={selected}
        onChange={setSelected}
        fetchOptions={fetchDatasets}
        data-test="change-dataset-select"
      />
    </Modal>
  );
}
