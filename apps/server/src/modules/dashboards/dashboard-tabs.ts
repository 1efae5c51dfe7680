import {
  DASHBOARD_ROOT_ID,
  layoutComponentSchema,
  type DashboardTabNode,
  type DashboardTabs,
  type LayoutComponent,
} from '@tessera/contracts';

function componentsOf(positionJson: string | null): Map<string, LayoutComponent> {
  const components = new Map<string, LayoutComponent>();
  if (positionJson === null) return components;
  let raw: unknown;
  try {
    raw = JSON.parse(positionJson);
  } catch {
    return components;
  }
  if (typeof raw !== 'object' || raw === null) return components;
  for (const [key, value] of Object.entries(raw)) {
    const parsed = layoutComponentSchema.safeParse(value);
    if (parsed.success) components.set(key, parsed.data);
  }
  return components;
}

const tabTitle = (tab: LayoutComponent): string => {
  const text = tab.meta?.text ?? tab.meta?.defaultText;
  return typeof text === 'string' ? text : '';
};

/**
 * `/api/v1/dashboard/{id_or_slug}/tabs`: every TAB's title by id, and the tabs as a tree (a tab's
 * children are the tabs nested anywhere below it; `parents` are the layout ids above it).
 */
export function dashboardTabsOf(positionJson: string | null): DashboardTabs {
  const components = componentsOf(positionJson);
  const allTabs: Record<string, string> = {};
  const seen = new Set<string>();
  const collect = (id: string, path: string[]): DashboardTabNode[] => {
    const component = components.get(id);
    if (component === undefined || seen.has(id)) return [];
    seen.add(id);
    const below = component.children.flatMap((childId) => collect(childId, [...path, id]));
    if (component.type !== 'TAB') return below;
    const title = tabTitle(component);
    allTabs[id] = title;
    return [{ value: id, title, children: below, parents: path }];
  };
  const tabTree = collect(DASHBOARD_ROOT_ID, []);
  return { all_tabs: allTabs, tab_tree: tabTree };
}
