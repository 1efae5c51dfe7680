import { useState } from 'react';
import { ChartMenuDropdown, chartMenuTrigger, type ChartMenuProps } from './ChartMenuDropdown';

/**
 * A chart's menu on a dashboard. Until its button is first clicked (or pressed with Enter or Space) only
 * the button is drawn: the antd Dropdown, its items and the menu's hooks cost every chart frame of a
 * big dashboard main-thread time on the first load, and most menus are never opened. The click swaps
 * in the same button inside the Dropdown, open, and the new button keeps the focus. Hover and focus do
 * not swap it: a swap between the press and the release would lose the click.
 */
export function ChartMenu(props: ChartMenuProps) {
  const [mounted, setMounted] = useState<{ focus: boolean } | null>(null);
  if (mounted !== null) return <ChartMenuDropdown {...props} focusAtMount={mounted.focus} />;
  return chartMenuTrigger({
    onClick: (event) => {
      setMounted({ focus: document.activeElement === event.currentTarget });
    },
  });
}
