import { theme } from 'antd';
import { Children, STACK_GAP } from './Children';
import type { NodeProps } from './LayoutNode';

export function ColumnNode({ component, depth }: NodeProps) {
  const { token } = theme.useToken();
  const white = component.meta?.background === 'BACKGROUND_WHITE';
  return (
    <div
      data-test="grid-column"
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: STACK_GAP,
        background: white ? token.colorBgContainer : undefined,
      }}
    >
      <Children component={component} depth={depth} />
    </div>
  );
}
