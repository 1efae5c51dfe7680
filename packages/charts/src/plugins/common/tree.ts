import { labelOf, type DataRow } from './queryResult';
import { toNumber } from '../../query/values';

/** A hierarchy built from grouped rows: one level per groupby column, values summed up the tree. */
export interface TreeNode {
  name: string;
  value: number;
  /** Secondary value summed like `value` (sunburst colour metric). */
  secondary?: number;
  /** The groupby values from the root down to this node. */
  path: unknown[];
  /** `path` joined with ', ': a unique key for cross filters. */
  crossFilterKey: string;
  children: TreeNode[];
}

export function buildTree(
  rows: readonly DataRow[],
  levels: readonly string[],
  metricLabel: string,
  secondaryLabel?: string,
): TreeNode[] {
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const value = toNumber(row[metricLabel]) ?? 0;
    const secondary = secondaryLabel === undefined ? undefined : (toNumber(row[secondaryLabel]) ?? 0);
    let siblings = roots;
    const path: unknown[] = [];
    for (const level of levels) {
      const raw = row[level];
      path.push(raw);
      const name = labelOf(raw);
      let node = siblings.find((candidate) => candidate.name === name);
      if (!node) {
        node = {
          name,
          value: 0,
          path: [...path],
          crossFilterKey: path.map(labelOf).join(', '),
          children: [],
        };
        if (secondary !== undefined) node.secondary = 0;
        siblings.push(node);
      }
      node.value += value;
      if (secondary !== undefined) node.secondary = (node.secondary ?? 0) + secondary;
      siblings = node.children;
    }
  }
  return roots;
}

/** Every node of a forest, depth first. */
export function flattenTree(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}
