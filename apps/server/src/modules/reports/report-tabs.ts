import type { ReportExtra } from '@tessera/contracts';
import { z } from 'zod';

type DashboardExtra = NonNullable<ReportExtra['dashboard']>;

const tabListSchema = z.array(z.string().min(1));

/**
 * `extra.dashboard.anchor` as Superset stores it: one layout id, or (several tabs chosen) a JSON list of
 * tab ids. Returns the list, or null when the anchor is absent or a single id.
 */
export function anchorTabList(anchor: string | undefined): string[] | null {
  if (!anchor?.trimStart().startsWith('[')) return null;
  try {
    const parsed = tabListSchema.safeParse(JSON.parse(anchor));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The tabs a dashboard report sends, each in turn, in the order chosen: the anchor's JSON list
 * (Superset's form), else `activeTabs` (what Tessera's report modal saves), else a single anchor tab.
 * Empty: no tabs chosen (every tab is sent).
 */
export function selectedReportTabs(dashboard: DashboardExtra): string[] {
  const fromAnchor = anchorTabList(dashboard.anchor);
  const single = dashboard.anchor === undefined || dashboard.anchor === '' ? [] : [dashboard.anchor];
  const activeTabs = dashboard.activeTabs ?? [];
  const chosen = fromAnchor ?? (activeTabs.length > 0 ? activeTabs : single);
  return [...new Set(chosen)];
}

/** Every tab id a schedule names (anchor list or single anchor, and activeTabs), for validation. */
export function namedTabIds(dashboard: DashboardExtra | undefined): {
  tabs: string[];
  anchor: string | null;
} {
  if (dashboard === undefined) return { tabs: [], anchor: null };
  const list = anchorTabList(dashboard.anchor);
  const tabs = [...new Set([...(dashboard.activeTabs ?? []), ...(list ?? [])])];
  const single =
    list === null && dashboard.anchor !== undefined && dashboard.anchor !== '' ? dashboard.anchor : null;
  return { tabs, anchor: single };
}
