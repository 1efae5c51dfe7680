import type { DashboardLayout } from '@tessera/contracts';
import { createContext, useContext } from 'react';
import type { LayoutOpResult } from '../layout-ops';

/** A layout operation bound to its arguments, run against the current layout. */
export type LayoutOp = (layout: DashboardLayout) => LayoutOpResult;

/**
 * What the editor's components need from the page: the current layout and a way to apply an edit. The
 * page backs it with the `dashboardLayout` slice (history, unsaved flag, toasts for refusals and warnings);
 * tests back it with local state.
 */
export interface LayoutEditor {
  layout: DashboardLayout;
  /** Runs `op` on the current layout; a refusal is shown to the user and the layout stays. */
  apply: (op: LayoutOp) => LayoutOpResult;
  /** A tab was added (the page makes it the active tab of its container). */
  onTabAdded?: (tabsId: string, tabId: string) => void;
  /** Charts placed on the dashboard, so the charts pane can mark them. */
  chartIdsInLayout: ReadonlySet<number>;
}

export const LayoutEditorContext = createContext<LayoutEditor | null>(null);

export function useLayoutEditor(): LayoutEditor {
  const editor = useContext(LayoutEditorContext);
  if (editor === null) throw new Error('useLayoutEditor needs a LayoutEditorContext provider.');
  return editor;
}
