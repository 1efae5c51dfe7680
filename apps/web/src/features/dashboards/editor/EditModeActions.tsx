import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Modal, Tooltip, Typography } from 'antd';
import { useContext, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { layoutLoaded } from '../state/dashboard-layout.slice';
import { DashboardViewContext } from '../grid/dashboard-view-context';
import { parseLayout } from '../page/parse-layout';
import { dashboardPath } from '../paths';
import type { DashboardInfo } from '../state/dashboard-info';
import { dashboardInfoPatched } from '../state/dashboard-info.slice';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectCanRedo, selectCanUndo, selectDashboardState } from '../state/dashboard-store';
import { CssEditorModal } from './CssEditorModal';
import { redoLayout, undoLayout } from './layout-edit-thunks';
import { PropertiesModal } from './PropertiesModal';
import type { DashboardProperties } from './properties-form';
import { saveDashboard } from './save-dashboard';
import { tagOptionsOf } from '../../tags/TagsSelect';
import { useLeaveGuard } from './use-leave-guard';

function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The header's edit-mode buttons: undo/redo (Ctrl+Z, Ctrl+Shift+Z), properties, CSS, discard and save. */
export function EditModeActions({ info }: { info: DashboardInfo }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const canUndo = useAppSelector(selectCanUndo);
  const canRedo = useAppSelector(selectCanRedo);
  const { hasUnsavedChanges, dashboardIsSaving, overwriteConfirmMetadata, css } =
    useAppSelector(selectDashboardState);
  const view = useContext(DashboardViewContext);
  const [properties, setProperties] = useState<DashboardProperties | null>(null);
  const [dialog, setDialog] = useState<'properties' | 'css' | null>(null);
  useLeaveGuard(hasUnsavedChanges || properties !== null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || typingInField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        dispatch(undoLayout());
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        dispatch(redoLayout());
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  const save = async (overwrite: boolean): Promise<void> => {
    const outcome = await dispatch(
      saveDashboard(properties, overwrite, view.labelColors?.snapshot() ?? null),
    );
    if (outcome.status !== 'saved') return;
    setProperties(null);
    const params = new URLSearchParams(search);
    params.delete('edit');
    const query = params.toString();
    void navigate(
      `${dashboardPath({ id: outcome.id, slug: outcome.slug })}${query === '' ? '' : `?${query}`}`,
      {
        replace: true,
      },
    );
  };

  const discard = (): void => {
    dispatch(layoutLoaded(parseLayout(info.positionJson, info.title)));
    dispatch(dashboardStateActions.cssChanged(info.css));
    dispatch(dashboardStateActions.unsavedChangesSet(false));
    dispatch(dashboardStateActions.undoOverflowSet(false));
    dispatch(dashboardStateActions.editModeSet(false));
    setProperties(null);
  };

  return (
    <Flex align="center" gap={8} data-test="dashboard-edit-actions">
      <Tooltip title="Undo (Ctrl+Z)">
        <Button
          type="text"
          icon={<UndoOutlined />}
          aria-label="Undo"
          disabled={!canUndo}
          data-test="dashboard-undo"
          onClick={() => dispatch(undoLayout())}
        />
      </Tooltip>
      <Tooltip title="Redo (Ctrl+Shift+Z)">
        <Button
          type="text"
          icon={<RedoOutlined />}
          aria-label="Redo"
          disabled={!canRedo}
          data-test="dashboard-redo"
          onClick={() => dispatch(redoLayout())}
        />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'properties', label: 'Edit properties', 'data-test': 'dashboard-edit-properties' },
            { key: 'css', label: 'Edit CSS', 'data-test': 'dashboard-edit-css' },
          ],
          onClick: ({ key }) => setDialog(key === 'css' ? 'css' : 'properties'),
        }}
      >
        <Button data-test="dashboard-edit-more">…</Button>
      </Dropdown>
      <Button data-test="dashboard-discard" onClick={discard}>
        Discard
      </Button>
      <Button
        type="primary"
        data-test="dashboard-save"
        loading={dashboardIsSaving}
        disabled={!hasUnsavedChanges && properties === null}
        onClick={() => void save(false)}
      >
        Save
      </Button>
      {dialog === 'properties' ? (
        <PropertiesModal
          dashboard={{
            title: properties?.dashboard_title ?? info.title,
            slug: properties === null ? info.slug : properties.slug,
            owners: info.owners.filter((owner) => properties?.owners.includes(owner.id) ?? true),
            roles: [],
            tags: properties?.tags ?? tagOptionsOf(info.tags).map((option) => String(option.value)),
            certifiedBy: properties === null ? info.certifiedBy : properties.certified_by,
            certificationDetails:
              properties === null ? info.certificationDetails : properties.certification_details,
            metadata: properties?.json_metadata ?? info.metadata,
          }}
          onCancel={() => setDialog(null)}
          onApply={(next) => {
            setProperties(next);
            setDialog(null);
            dispatch(dashboardInfoPatched({ title: next.dashboard_title }));
            if (next.json_metadata.color_scheme !== undefined) {
              dispatch(dashboardStateActions.colorSchemeChanged(next.json_metadata.color_scheme));
            }
          }}
        />
      ) : null}
      {dialog === 'css' ? (
        <CssEditorModal
          css={css}
          onPreview={(next) => dispatch(dashboardStateActions.cssChanged(next))}
          onApply={() => setDialog(null)}
          onCancel={(original) => {
            dispatch(dashboardStateActions.cssChanged(original));
            setDialog(null);
          }}
        />
      ) : null}
      <Modal
        open={overwriteConfirmMetadata !== null}
        title="Overwrite the dashboard?"
        okText="Overwrite"
        okButtonProps={{ danger: true, 'data-test': 'overwrite-confirm' }}
        cancelButtonProps={{ 'data-test': 'overwrite-cancel' }}
        onOk={() => {
          dispatch(dashboardStateActions.overwriteConfirmationPending(null));
          void save(true);
        }}
        onCancel={() => dispatch(dashboardStateActions.overwriteConfirmationPending(null))}
      >
        <Typography.Paragraph data-test="overwrite-message">
          {overwriteConfirmMetadata?.message}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Someone saved this dashboard after you opened it. Overwrite replaces their changes with yours.
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
