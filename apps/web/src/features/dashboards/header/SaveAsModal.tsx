import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { errorText } from '../../../shared/errors/to-api-error';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { dashboardApi } from '../api/dashboard-api';
import { dashboardPath } from '../paths';
import type { DashboardInfo } from '../state/dashboard-info';
import { selectDashboardState, selectLayout } from '../state/dashboard-store';
import { copyBody, copyTitle } from './save-as';

/**
 * 'Save as' (spec 001 §2): a new dashboard the user owns, with a new title and, when asked, copies of
 * the charts; the page then opens the copy.
 */
export function SaveAsModal({ info, onClose }: { info: DashboardInfo; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const layout = useAppSelector(selectLayout);
  const { css } = useAppSelector(selectDashboardState);
  const [copy, copying] = dashboardApi.useCopyDashboardMutation();
  const [title, setTitle] = useState(() => copyTitle(info.title));
  const [duplicateCharts, setDuplicateCharts] = useState(false);

  const save = async () => {
    const result = await copy({
      id: info.id,
      body: copyBody({ title, css, metadata: info.metadata, layout, duplicateCharts }),
    });
    if ('error' in result) {
      dispatch(toastAdded('danger', errorText(result.error)));
      return;
    }
    onClose();
    void navigate(dashboardPath({ id: result.data.id, slug: null }));
  };

  return (
    <Modal
      open
      title="Save dashboard"
      width={MODAL_DEFAULT_WIDTH}
      okText="Save"
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={copying.isLoading}
      okButtonProps={{ disabled: title.trim() === '', ...{ 'data-test': 'save-as-save' } }}
      cancelButtonProps={{ ...{ 'data-test': 'save-as-cancel' } }}
      destroyOnHidden
      data-test="save-as-modal"
    >
      <Form layout="vertical" requiredMark={false} onFinish={() => void save()} data-test="save-as-form">
        <Form.Item label="Save as:">
          <Input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={500}
            autoFocus
            data-test="save-as-title"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Checkbox
            checked={duplicateCharts}
            onChange={(event) => setDuplicateCharts(event.target.checked)}
            data-test="save-as-duplicate-charts"
          >
            Also copy (duplicate) existing charts
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
