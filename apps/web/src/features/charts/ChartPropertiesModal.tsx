import { MODAL_DEFAULT_WIDTH, type ChartItem, type ChartUpdate } from '@tessera/contracts';
import { Button, Flex, Input, InputNumber, Modal, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { AsyncSelect } from '../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption, FetchSelectOptions } from '../../shared/ui/async-select/async-select-rules';
import { tagNamesOf, tagOptionsOf, TagsSelect } from '../tags/TagsSelect';
import { useTagging } from '../tags/use-tagging';
import { useLazyChartOwnerOptionsQuery } from './charts-api';

export const CHART_NAME_REQUIRED = 'A name is required';

interface ChartPropertiesModalProps {
  chart: ChartItem & { id: number };
  saving: boolean;
  onSubmit: (body: ChartUpdate) => void;
  onCancel: () => void;
}

const fullName = (user: { first_name?: string; last_name?: string }): string =>
  `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();

/** Name, description, owners, tags and cache timeout of a chart (the list page's "Edit properties"). */
export function ChartPropertiesModal({ chart, saving, onSubmit, onCancel }: ChartPropertiesModalProps) {
  const [name, setName] = useState(chart.slice_name ?? '');
  const [description, setDescription] = useState(chart.description ?? '');
  const [owners, setOwners] = useState<AsyncSelectOption[]>(
    (chart.owners ?? []).map((owner) => ({ value: owner.id, label: fullName(owner) })),
  );
  const [tags, setTags] = useState<AsyncSelectOption[]>(tagOptionsOf(chart.tags));
  const tagging = useTagging();
  const [cacheTimeout, setCacheTimeout] = useState<number | null>(chart.cache_timeout ?? null);
  const [touched, setTouched] = useState(false);
  const [listOwners] = useLazyChartOwnerOptionsQuery();
  const fetchOwners = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listOwners({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.map((candidate) => ({ value: candidate.value, label: candidate.text })),
        totalCount: response.count,
      };
    },
    [listOwners],
  );
  const missing = name.trim() === '';

  const submit = () => {
    setTouched(true);
    if (missing) return;
    onSubmit({
      slice_name: name.trim(),
      description: description.trim() === '' ? null : description,
      owners: owners.map((owner) => Number(owner.value)),
      cache_timeout: cacheTimeout,
      ...(tagging ? { tags: tagNamesOf(tags) } : {}),
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
          <AsyncSelect
            data-test="chart-properties-owners"
            mode="multiple"
            value={owners}
            fetchOptions={fetchOwners}
            onChange={setOwners}
            placeholder="Owners"
          />
        </label>
        {tagging ? (
          <label>
            <Typography.Text>Tags</Typography.Text>
            <TagsSelect data-test="chart-properties-tags" value={tags} onChange={setTags} />
          </label>
        ) : null}
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
