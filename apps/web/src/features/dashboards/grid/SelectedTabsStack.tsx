import type { DashboardLayout } from '@tessera/contracts';
import { childDepth } from '@tessera/core';
import { STACK_GAP } from './Children';
import { ExportTabSection } from './TabParts';

/** The depth a tab's content is drawn at: core's `childDepth` folded down its parent chain from ROOT. */
function tabDepth(layout: DashboardLayout, tabId: string): number {
  let depth = 0;
  for (const id of layout[tabId]?.parents ?? []) {
    const parent = layout[id];
    if (parent !== undefined) depth = childDepth(parent.type, depth);
  }
  return depth;
}

/**
 * A report's selected tabs (`print_tabs`), each whole under its title in the order chosen, instead of
 * the layout: the renderer prints them in turn into one PDF. Ids that are not TABs of this layout are
 * skipped (the server refused them when the schedule was saved; the layout may have changed since).
 */
export function SelectedTabsStack({
  layout,
  tabIds,
}: {
  layout: DashboardLayout;
  tabIds: readonly string[];
}) {
  const tabs = tabIds.filter((id) => layout[id]?.type === 'TAB');
  return (
    <div
      data-test="dashboard-tabs-stacked"
      style={{ display: 'flex', flexDirection: 'column', gap: STACK_GAP }}
    >
      {tabs.map((id) => (
        <ExportTabSection key={id} id={id} depth={tabDepth(layout, id)} />
      ))}
    </div>
  );
}
