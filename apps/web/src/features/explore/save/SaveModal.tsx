import { Alert, Button, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useListEditableDashboardsQuery } from '../api/explore-api';
import { exploreChartPath } from '../paths';
import { exploreActions, selectExplore } from '../store/explore-store';
import { saveChart } from './save-chart';
import type { DashboardChoice } from './save-messages';

const NEW_DASHBOARD_PREFIX = 'new:';

/** The save dialog: Save (overwrite) or Save as…, the chart name, and an optional dashboard (existing or new). */
export function SaveModal() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const explore = useAppSelector(selectExplore);
  const { saveModal, slice, can_overwrite: canOverwrite } = explore;
  const dashboards = useListEditableDashboardsQuery(null, { skip: !saveModal.isVisible });
  const [action, setAction] = useState<'overwrite' | 'saveas'>(
    slice !== null && canOverwrite ? 'overwrite' : 'saveas',
  );
  const [name, setName] = useState(explore.sliceName);
  const [dashboard, setDashboard] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);

  const options = (dashboards.data?.result ?? [])
    .filter(
      (item): item is { id: number; dashboard_title: string } =>
        typeof item.id === 'number' && typeof item.dashboard_title === 'string',
    )
    .map((item) => ({ value: String(item.id), label: item.dashboard_title }));
  const typed = search.trim();
  const creatable = typed !== '' && !options.some((option) => option.label === typed);
  const allOptions = creatable
    ? [{ value: `${NEW_DASHBOARD_PREFIX}${typed}`, label: `+ Create "${typed}"` }, ...options]
    : options;

  const choice = (): DashboardChoice => {
    if (dashboard === null) return { kind: 'none' };
    if (dashboard.startsWith(NEW_DASHBOARD_PREFIX))
      return { kind: 'new', title: dashboard.slice(NEW_DASHBOARD_PREFIX.length) };
    return {
      kind: 'existing',
      id: Number(dashboard),
      title: options.find((option) => option.value === dashboard)?.label ?? dashboard,
    };
  };

  const close = () => {
    dispatch(exploreActions.saveModalHidden());
  };
  const save = async () => {
    setSaving(true);
    const target = choice();
    const id = await dispatch(saveChart({ action, sliceName: name.trim(), dashboard: target }));
    setSaving(false);
    if (id === null) return;
    void navigate(exploreChartPath(id), { replace: true });
  };

  return (
    <Modal
      title="Save chart"
      open={saveModal.isVisible}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close} data-test="save-modal-cancel">
            Cancel
          </Button>
          <Button
            type="primary"
            loading={saving}
            disabled={name.trim() === ''}
            onClick={() => void save()}
            data-test="btn-modal-save"
          >
            Save
          </Button>
        </Flex>
      }
      data-test="save-modal"
    >
      {saveModal.saveModalAlert !== null ? (
        <Alert
          type="error"
          showIcon
          title={saveModal.saveModalAlert}
          style={{ marginBottom: 12 }}
          data-test="save-modal-alert"
        />
      ) : null}
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group
            value={action}
            onChange={(event) => {
              setAction(event.target.value === 'overwrite' ? 'overwrite' : 'saveas');
            }}
          >
            <Radio
              value="overwrite"
              disabled={slice === null || !canOverwrite}
              data-test="save-overwrite-radio"
            >
              Save (Overwrite)
            </Radio>
            <Radio value="saveas" data-test="saveas-radio">
              Save as…
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Chart name" required>
          <Input
            autoFocus
            value={name}
            onChange={(event) => {
              setName(event.target.value);
            }}
            placeholder="Name your chart"
            data-test="new-chart-name"
          />
        </Form.Item>
        <Form.Item
          label="Add to dashboard"
          extra={
            <Typography.Text type="secondary">
              Select a dashboard or type a new name to create one.
            </Typography.Text>
          }
        >
          <Select
            allowClear
            loading={dashboards.isFetching}
            placeholder="Select a dashboard"
            value={dashboard}

            onChange={(value: string | undefined) => {
              setDashboard(value ?? null);
              setSearch('');
            }}
            showSearch={{
              searchValue: search,
              onSearch: setSearch,
              filterOption: (input, option) =>
                (option?.label ?? '').toLowerCase().includes(input.toLowerCase()),
            }}
            options={allOptions}
            notFoundContent={
              dashboards.isError ? 'Could not load dashboards' : 'Type a name to create a dashboard'
            }
            data-test="save-chart-modal-select-dashboard-form"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
