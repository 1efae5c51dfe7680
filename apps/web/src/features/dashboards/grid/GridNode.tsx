import { Children, STACK_GAP } from './Children';
import type { NodeProps } from './LayoutNode';

export function GridNode({ component, depth }: NodeProps) {
  return (
    <div
      data-test="dashboard-grid"
      style={{ display: 'flex', flexDirection: 'column', gap: STACK_GAP, minHeight: 100 }}
    >
      <Children component={component} depth={depth} />
    </div>
  );
}
