import { Tabs, theme } from 'antd';
import { ChartsPane } from './ChartsPane';
import { ComponentPalette } from './ComponentPalette';

export const EDIT_SIDE_PANEL_WIDTH = 320;

/** The edit-mode panel beside the grid: saved charts and layout elements to drag in. */
export function EditSidePanel() {
  const { token } = theme.useToken();
  return (
    <aside
      data-test="dashboard-builder-sidepane"
      style={{
        width: EDIT_SIDE_PANEL_WIDTH,
        flex: `0 0 ${String(EDIT_SIDE_PANEL_WIDTH)}px`,
        borderLeft: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        padding: '0 12px 12px',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        boxSizing: 'border-box',
      }}
    >
      <Tabs
        data-test="dashboard-builder-tabs"
        style={{ flex: 1, minHeight: 0 }}
        items={[
          { key: 'charts', label: 'Charts', children: <ChartsPane /> },
          { key: 'layout', label: 'Layout elements', children: <ComponentPalette /> },
        ]}
      />
    </aside>
  );
}
