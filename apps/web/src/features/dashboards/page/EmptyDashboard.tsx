import { DASHBOARD_GRID_ID, DASHBOARD_ROOT_ID, type DashboardLayout } from '@tessera/contracts';
import { Button, Empty, theme, Typography } from 'antd';

/** True when the layout holds nothing to show: no component under the root besides an empty grid. */
export function gridIsEmpty(layout: DashboardLayout): boolean {
  const root = layout[DASHBOARD_ROOT_ID];
  if (root === undefined) return true;
  return root.children.every((id) => id === DASHBOARD_GRID_ID && (layout[id]?.children.length ?? 0) === 0);
}

/**
 * A dashboard with nothing on it: editors get the way in (edit mode, where charts are dragged in from
 * the side panel); viewers learn it is empty on purpose rather than still loading.
 */
export function EmptyDashboard({ canEdit, onEdit }: { canEdit: boolean; onEdit: () => void }) {
  const { token } = theme.useToken();
  return (
    <Empty
      data-test="dashboard-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{
        margin: `${String(token.marginXL)}px auto`,
        padding: token.paddingXL,
        maxWidth: 560,
        background: token.colorBgContainer,
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
      description={
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            There are no charts on this dashboard yet
          </Typography.Title>
          <Typography.Text type="secondary">
            {canEdit
              ? 'Edit the dashboard to drag in saved charts, and to add tabs, rows, headers and text.'
              : 'Its owners have not added any charts yet.'}
          </Typography.Text>
        </>
      }
    >
      {canEdit ? (
        <Button type="primary" onClick={onEdit} data-test="dashboard-empty-edit">
          Edit dashboard
        </Button>
      ) : null}
    </Empty>
  );
}
