import { MODAL_DEFAULT_WIDTH, type ChartItem, type ChartUpdate } from '@tessera/contracts';
import { Button, Flex, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useChartListOwnersQuery } from './charts-api';

export const CHART_NAME_REQUIRED = 'A name is required';

interface ChartPropertiesModalProps {
  chart: ChartItem & { id: number };
  saving: boolean;
  onSubmit: (body: ChartUpdate) => void;
  onCancel: () => void;
}

const fullName = (user: { first_name?: string; last_name?: string }): string =>
  `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();

/** Name, description, owners and cache timeout of a chart (the list page's "Edit properties"). */
export function ChartPropertiesModal({ chart, saving, onSubmit, onCancel }: ChartPropertiesModalProps) {
  const [name, setName] = useState(chart.slice_name ?? '');
  const [description, setDescription] = useState(chart.description ?? '');
  const [owners, setOwners] = useState<number[]>((chart.owners ?? []).map((owner) => owner.id));
  const [cacheTimeout, setCacheTimeout] = useState<number | null>(chart.cache_timeout ?? null);
  const [ownerSearch, setOwnerSearch] = useState('');
  const [touched, setTouched] = useState(false);
  const { data: candidates, isFetching } = useChartListOwnersQuery(ownerSearch);
  const missing = name.trim() === '';

  // The current owners keep their names even when the search does not list them.
  const ownerOptions = useMemo(() => {
    const options = new Map<number, string>();
    for (const owner of chart.owners ?? []) options.set(owner.id, fullName(owner));
    for (const candidate of candidates?.result ?? []) options.set(candidate.value, candidate.text);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [chart.owners, candidates]);

  const submit = () => {
    setTouched(true);
    if (missing) return;
    onSubmit({
      slice_name: name.trim(),
      description: description.trim() === '' ? null : description,
      owners,
      cache_timeout: cacheTimeout,
    });
  };

  return (
    <Modal
      open
      title="Edit chart properties"
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="chart-properties-cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="save" type="primary" data-test="chart-properties-save" loading={saving} onClick={submit}>
          Save
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-test="chart-properties-modal">
        <label>
          <Typography.Text>Name</Typography.Text>
          <Input
            data-test="chart-properties-name"
            value={name}
            maxLength={250}
            status={touched && missing ? 'error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {touched && missing ? (
            <Typography.Text type="danger" data-test="chart-properties-name-error">
              {CHART_NAME_REQUIRED}
            </Typography.Text>
          ) : null}
        </label>
        <label>
          <Typography.Text>Description</Typography.Text>
          <Input.TextArea
            data-test="chart-properties-description"
            value={description}
            rows={3}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        <label>
          <Typography.Text>Owners</Typography.Text>
          <Select<number[]>
            data-test="chart-properties-owners"
            mode="multiple"
            style={{ width: '100%' }}
            value={owners}
            options={ownerOptions}
            loading={isFetching}
            showSearch={{ filterOption: false, onSearch: setOwnerSearch }}
            onChange={setOwners}
            placeholder="Owners"
          />
        </label>
        <label>
          <Typography.Text>Cache timeout (seconds)</Typography.Text>
          <InputNumber<number>
            data-test="chart-properties-cache-timeout"
            min={0}
            precision={0}
            style={{ width: '100%' }}
            value={cacheTimeout}
            placeholder="The dataset's or database's timeout"
            onChange={(value) => setCacheTimeout(value)}
          />
        </label>
      </Flex>
    </Modal>
  );
}
