import {
  DASHBOARD_GRID_ID,
  DASHBOARD_HEADER_ID,
  DASHBOARD_ROOT_ID,
  DASHBOARD_VERSION_KEY,
  isRecord,
  LAYOUT_META_SCHEMAS,
  layoutComponentSchema,
  type DashboardLayout,
  type LayoutComponent,
  type LayoutComponentType,
} from '@tessera/contracts';
import { childDepth, isValidChild, LEAF_TYPES } from './nesting-rules';

export type LayoutCheck =
  { ok: true; layout: DashboardLayout; chartIds: number[] } | { ok: false; problems: string[] };

const FIXED_TYPES: Record<string, LayoutComponentType> = {
  [DASHBOARD_ROOT_ID]: 'ROOT',
  [DASHBOARD_GRID_ID]: 'GRID',
  [DASHBOARD_HEADER_ID]: 'HEADER',
};
/** Fixed components that may stand outside the tree: the title, and the grid once top-level tabs replace it. */
const MAY_BE_DETACHED = new Set([DASHBOARD_HEADER_ID, DASHBOARD_GRID_ID]);
const MAX_PROBLEMS = 20;

/**
 * Checks a parsed `position_json` value is a tree the dashboard can draw: known component types with
 * their meta, keys equal to ids, the fixed ids with their types, every child present and held by one
 * parent only, `parents` equal to the path from the root, no cycles, nothing unreachable, and the
 * nesting rules with their depths. Returns every problem found (up to a cap), not only the first.
 */
export function validateDashboardLayout(raw: unknown): LayoutCheck {
  const problems: string[] = [];
  const report = (problem: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  if (!isRecord(raw)) return { ok: false, problems: ['position_json must be a JSON object.'] };

  const layout: DashboardLayout = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === DASHBOARD_VERSION_KEY) continue;
    const parsed = layoutComponentSchema.safeParse(value);
    if (!parsed.success) {
      const typeName = isRecord(value) && typeof value.type === 'string' ? value.type : undefined;
      report(
        typeName !== undefined && !layoutComponentSchema.shape.type.safeParse(typeName).success
          ? `Component "${key}" has an unknown type "${typeName}".`
          : `Component "${key}" is not a layout component (id, type, children, parents, meta).`,
      );
      continue;
    }
    const component = parsed.data;
    if (component.id !== key) report(`Component "${key}" carries the id "${component.id}".`);
    const fixedType = FIXED_TYPES[key];
    if (fixedType !== undefined && component.type !== fixedType) {
      report(`Component "${key}" must be of type ${fixedType}.`);
    }
    if (fixedType === undefined && (component.type === 'ROOT' || component.type === 'GRID')) {
      report(
        `Only ${component.type === 'ROOT' ? DASHBOARD_ROOT_ID : DASHBOARD_GRID_ID} may be of type ${component.type}.`,
      );
    }
    const metaSchema = LAYOUT_META_SCHEMAS[component.type];
    if (metaSchema !== undefined && !metaSchema.safeParse(component.meta ?? {}).success) {
      report(`Component "${key}" (${component.type}) has invalid meta.`);
    }
    if (LEAF_TYPES.includes(component.type) && component.children.length > 0) {
      report(`Component "${key}" (${component.type}) cannot hold children.`);
    }
    if (new Set(component.children).size !== component.children.length) {
      report(`Component "${key}" lists the same child twice.`);
    }
    layout[key] = component;
  }
  if (problems.length > 0) return { ok: false, problems };

  const root = layout[DASHBOARD_ROOT_ID];
  if (root === undefined) return { ok: false, problems: [`The layout has no ${DASHBOARD_ROOT_ID}.`] };

  const parentOf = new Map<string, string>();
  for (const component of Object.values(layout)) {
    for (const childId of component.children) {
      if (layout[childId] === undefined)
        report(`Component "${component.id}" holds "${childId}", which does not exist.`);
      const earlier = parentOf.get(childId);
      if (earlier !== undefined)
        report(`Component "${childId}" is held by both "${earlier}" and "${component.id}".`);
      else parentOf.set(childId, component.id);
      if (childId === DASHBOARD_ROOT_ID) report(`${DASHBOARD_ROOT_ID} cannot be a child.`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const reached = new Set<string>();
  const chartIds: number[] = [];
  const walk = (component: LayoutComponent, depth: number, path: string[], onPath: Set<string>): void => {
    reached.add(component.id);
    if (component.parents !== undefined && component.id !== DASHBOARD_ROOT_ID) {
      const same =
        component.parents.length === path.length && component.parents.every((id, i) => id === path[i]);
      if (!same)
        report(
          `Component "${component.id}" lists parents [${component.parents.join(', ')}] but sits under [${path.join(', ')}].`,
        );
    }
    if (component.type === 'CHART') {
      const chartId = component.meta?.chartId;
      if (typeof chartId === 'number') chartIds.push(chartId);
    }
    const nextDepth = childDepth(component.type, depth);
    for (const childId of component.children) {
      const child = layout[childId];
      if (child === undefined) continue;
      if (onPath.has(childId)) {
        report(`The layout has a cycle through "${childId}".`);
        continue;
      }
      if (!isValidChild(component.type, child.type, depth)) {
        report(
          `A ${child.type} cannot be placed in a ${component.type} here ("${childId}" in "${component.id}").`,
        );
      }
      onPath.add(childId);
      walk(child, nextDepth, [...path, component.id], onPath);
      onPath.delete(childId);
    }
  };
  walk(root, 0, [], new Set([DASHBOARD_ROOT_ID]));

  for (const id of Object.keys(layout)) {
    if (!reached.has(id) && !MAY_BE_DETACHED.has(id) && !detachedUnderFixed(layout, id, parentOf)) {
      report(`Component "${id}" is not reachable from ${DASHBOARD_ROOT_ID}.`);
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, layout, chartIds: [...new Set(chartIds)] };
}

/** Whether an unreached component hangs (through any chain) under a fixed component that may be detached. */
function detachedUnderFixed(layout: DashboardLayout, id: string, parentOf: Map<string, string>): boolean {
  const seen = new Set<string>();
  let current: string | undefined = id;
  while (current !== undefined && !seen.has(current)) {
    if (MAY_BE_DETACHED.has(current)) return layout[current] !== undefined;
    seen.add(current);
    current = parentOf.get(current);
  }
  return false;
}
