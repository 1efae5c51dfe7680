import { InfoCircleOutlined, MoreOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { ChartTitle } from './ChartTitle';

interface LightChartHeaderProps {
  title: string;
  showDescriptionToggle: boolean;
  showMenu: boolean;
  /** The holder swaps in its full header; `focusTestId` names the control to focus once it is there. */
  onWake: (focusTestId: string | null) => void;
}

/**
 * The header of a chart far from the viewport: the title and plain buttons standing in
 * for the description toggle and the chart menu, with the same data-test and labels. The full header's
 * antd parts (Typography ellipsis, Tooltip, Dropdown) cost each holder main-thread time on a big
 * dashboard's first load; this one is swapped for it when the chart comes near the screen, or as soon
 * as the pointer or keyboard focus reaches one of its buttons (focus then moves to the real control).
 */
export function LightChartHeader({ title, showDescriptionToggle, showMenu, onWake }: LightChartHeaderProps) {
  const { token } = theme.useToken();
  const button: CSSProperties = {
    width: 24,
    height: 24,
    padding: 0,
    border: 'none',
    background: 'transparent',
    color: token.colorText,
    borderRadius: token.borderRadiusSM,
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  const stub = (testId: string, label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-label={label}
      data-test={testId}
      style={button}
      onPointerEnter={() => onWake(null)}
      onFocus={() => onWake(testId)}
      onClick={() => onWake(testId)}
    >
      {icon}
    </button>
  );
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXXS, minHeight: 24 }}>
      <ChartTitle title={title} />
      {showDescriptionToggle
        ? stub('dashboard-chart-description-toggle', 'Toggle description', <InfoCircleOutlined />)
        : null}
      {showMenu ? stub('chart-menu-trigger', 'Chart menu', <MoreOutlined />) : null}
    </div>
  );
}
