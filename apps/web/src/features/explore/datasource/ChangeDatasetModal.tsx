import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { useListDatasetsQuery } from '../../datasets/datasets-api';
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
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const datasets = useListDatasetsQuery(
    {
      filters: search.trim() === '' ? [] : [{ col: 'table_name', opr: 'ct', value: search.trim() }],
      order_column: 'table_name',
      order_direction: 'asc',
      page: 0,
      page_size: 50,
    },
    { skip: !open },
  );
  const options = (datasets.data?.result ?? [])
    .filter((dataset) => dataset.id !== currentId)
    .map((dataset) => ({
      value: dataset.id,
      label: `${dataset.schema ? `${dataset.schema}.` : ''}${dataset.table_name} (${dataset.database.database_name})`,
    }));

  const apply = async () => {
    if (selected === null) return;
    setLoading(true);
    const metadata = await dispatch(
      exploreApi.endpoints.getDatasourceMetadata.initiate(`${String(selected)}__table`),
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
      <Select
        style={{ width: '100%' }}
        placeholder="Search datasets"
        loading={datasets.isFetching}
        value={selected}
        onChange={setSelected}
        options={options}
        showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
        data-test="change-dataset-select"
      />
    </Modal>
  );
}
