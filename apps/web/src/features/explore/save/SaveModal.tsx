import { Alert, Button, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type {
  AsyncSelectOption,
  FetchSelectOptions,
} from '../../../shared/ui/async-select/async-select-rules';
import { useGetDashboardChoiceQuery, useLazyListEditableDashboardsQuery } from '../api/explore-api';
import { exploreChartPath } from '../paths';
import { exploreActions, selectExplore } from '../store/explore-store';
import { saveChart } from './save-chart';
import { dashboardsLoadFailedMessage, type DashboardChoice } from './save-messages';

const NEW_DASHBOARD_PREFIX = 'new:';

/**
 * The save dialog: Save (overwrite) or Save as…, the chart name, and an optional dashboard (existing or new).
 * Opened from a dashboard (`dashboard_id` in Explore's URL, spec 001 §2) it preselects that dashboard.
 */
export function SaveModal({ dashboardId = null }: { dashboardId?: number | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const explore = useAppSelector(selectExplore);
  const { saveModal, slice, can_overwrite: canOverwrite } = explore;
  const userId = useAppSelector((state) => state.session.user?.id ?? null);
  const [listDashboards] = useLazyListEditableDashboardsQuery();
  const [action, setAction] = useState<'overwrite' | 'saveas'>(
    slice !== null && canOverwrite ? 'overwrite' : 'saveas',
  );
  const [name, setName] = useState(explore.sliceName);
  const [dashboard, setDashboard] = useState<AsyncSelectOption | null>(null);
  const [dashboardsFailed, setDashboardsFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState(false);
  const preselected = useGetDashboardChoiceQuery(dashboardId ?? skipToken);
  const preselectedItem = preselected.data?.result[0];
  useEffect(() => {
    if (picked || preselectedItem === undefined) return;
    const { id, dashboard_title: title } = preselectedItem;
    if (typeof id === 'number' && typeof title === 'string')
      setDashboard({ value: String(id), label: title });
  }, [picked, preselectedItem]);

  const fetchDashboards = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listDashboards({ search, page, pageSize }, true).unwrap();
      setDashboardsFailed(false);
      return {
        options: response.result
          .filter(
            (item): item is typeof item & { id: number; dashboard_title: string } =>
              typeof item.id === 'number' && typeof item.dashboard_title === 'string',
          )
          .map((item) => ({ value: String(item.id), label: item.dashboard_title })),
        totalCount: response.count,
      };
    },
    [listDashboards],
  );
  const onDashboardsError = useCallback(() => {
    setDashboardsFailed(true);
  }, []);
  const createOption = useCallback(
    (typed: string): AsyncSelectOption[] =>
      typed === '' ? [] : [{ value: `${NEW_DASHBOARD_PREFIX}${typed}`, label: `+ Create "${typed}"` }],
    [],
  );

  const choice = (): DashboardChoice => {
    if (dashboard === null) return { kind: 'none' };
    const value = String(dashboard.value);
    if (value.startsWith(NEW_DASHBOARD_PREFIX))
      return { kind: 'new', title: value.slice(NEW_DASHBOARD_PREFIX.length) };
    return { kind: 'existing', id: Number(value), title: dashboard.label };
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
      {dashboardsFailed ? (
        <Alert
          type="error"
          showIcon
          title={dashboardsLoadFailedMessage(userId)}
          style={{ marginBottom: 12 }}
          data-test="save-modal-dashboards-alert"
        />
      ) : null}
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
          <AsyncSelect
            allowClear
            placeholder="Select a dashboard"
            value={dashboard}
            onChange={(option) => {
              setPicked(true);
              setDashboard(option);
            }}
            fetchOptions={fetchDashboards}
            extraOptions={createOption}
            onError={onDashboardsError}
            emptyText="Type a name to create a dashboard"
            data-test="save-chart-modal-select-dashboard-form"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
