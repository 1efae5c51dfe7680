import { theme } from 'antd';
import { Children, STACK_GAP } from './Children';
import type { NodeProps } from './LayoutNode';

export function RowNode({ component, depth }: NodeProps) {
  const { token } = theme.useToken();
  const white = component.meta?.background === 'BACKGROUND_WHITE';
  return (
    <div
      data-test="grid-row"
      style={{
        display: 'flex',
        gap: STACK_GAP,
        alignItems: 'flex-start',
        background: white ? token.colorBgContainer : undefined,
      }}
    >
      <Children component={component} depth={depth} />
    </div>
  );
}
