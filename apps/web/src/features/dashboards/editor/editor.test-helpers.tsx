import type { DashboardLayout } from '@tessera/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { isRefusal } from '../layout-ops';
import { DashboardEditProvider } from './DashboardEditProvider';
import type { LayoutEditor, LayoutOp } from './layout-editor-context';

/** The last layout and refusal a harness saw, for assertions. */
export interface HarnessLog {
  layout: DashboardLayout;
  refusals: string[];
}

/** The editor backed by local state instead of the page's slices. */
export function EditorHarness({
  initial,
  log,
  children,
}: {
  initial: DashboardLayout;
  log: HarnessLog;
  children: ReactNode;
}) {
  const [layout, setLayout] = useState(initial);
  const editor = useMemo<LayoutEditor>(
    () => ({
      layout,
      chartIdsInLayout: new Set(
        Object.values(layout).flatMap((component) =>
          component.type === 'CHART' && typeof component.meta?.chartId === 'number'
            ? [component.meta.chartId]
            : [],
        ),
      ),
      apply: (op: LayoutOp) => {
        const result = op(layout);
        if (isRefusal(result)) log.refusals.push(result.error);
        else {
          log.layout = result.layout;
          setLayout(result.layout);
        }
        return result;
      },
    }),
    [layout, log],
  );
  return <DashboardEditProvider editor={editor}>{children}</DashboardEditProvider>;
}
