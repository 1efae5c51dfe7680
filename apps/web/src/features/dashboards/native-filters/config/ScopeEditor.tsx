import { Radio, Tree, Typography } from 'antd';
import { CHART_KEY_PREFIX, treeChartIds, type ScopeTreeNode } from './scope-tree';

interface ScopeEditorProps {
  tree: readonly ScopeTreeNode[];
  excluded: readonly number[];
  onChange: (excluded: number[]) => void;
}

/** Scoping as a tree of tabs and charts: every chart is in scope unless unchecked (scope.excluded). */
export function ScopeEditor({ tree, excluded, onChange }: ScopeEditorProps) {
  const all = treeChartIds(tree);
  const excludedSet = new Set(excluded);
  const checked = all.filter((id) => !excludedSet.has(id)).map((id) => `${CHART_KEY_PREFIX}${String(id)}`);
  const allCharts = excluded.length === 0;
  return (
    <div data-test="filter-config-scope">
      <Radio.Group
        value={allCharts ? 'all' : 'specific'}
        onChange={(e) => {
          if (e.target.value === 'all') onChange([]);
        }}
        style={{ marginBottom: 8 }}
      >
        <Radio value="all" data-test="filter-config-scope-all">
          Apply to all panels
        </Radio>
        <Radio value="specific" disabled={allCharts} data-test="filter-config-scope-specific">
          Apply to specific panels
        </Radio>
      </Radio.Group>
      {tree.length === 0 ? (
        <Typography.Text type="secondary">This dashboard has no charts.</Typography.Text>
      ) : (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          checkedKeys={checked}
          treeData={tree.map(function toData(node): {
            key: string;
            title: string;
            children?: ReturnType<typeof toData>[];
          } {
            return {
              key: node.key,
              title: node.title,
              ...(node.children ? { children: node.children.map(toData) } : {}),
            };
          })}
          onCheck={(keys) => {
            const list = Array.isArray(keys) ? keys : keys.checked;
            const inScope = new Set(
              list
                .map(String)
                .filter((k) => k.startsWith(CHART_KEY_PREFIX))
                .map((k) => Number(k.slice(CHART_KEY_PREFIX.length))),
            );
            onChange(all.filter((id) => !inScope.has(id)));
          }}
          titleRender={(node) => <span data-test="filter-config-scope-node">{node.title}</span>}
        />
      )}
    </div>
  );
}
