import { theme, Typography } from 'antd';
import { useContext } from 'react';
import type { HeaderSize } from '@tessera/contracts';
import { LayoutEditContext } from './layout-edit-context';
import type { NodeProps } from './LayoutNode';
import { metaText } from './widths';

const LEVEL: Record<HeaderSize, 2 | 3 | 4> = { LARGE_HEADER: 2, MEDIUM_HEADER: 3, SMALL_HEADER: 4 };

function isHeaderSize(value: string | undefined): value is HeaderSize {
  return value === 'SMALL_HEADER' || value === 'MEDIUM_HEADER' || value === 'LARGE_HEADER';
}

export function HeaderNode({ component }: NodeProps) {
  const { token } = theme.useToken();
  const edit = useContext(LayoutEditContext);
  const size = metaText(component.meta, 'headerSize');
  const level = LEVEL[isHeaderSize(size) ? size : 'SMALL_HEADER'];
  const text = metaText(component.meta, 'text') ?? '';
  const white = component.meta?.background === 'BACKGROUND_WHITE';
  return (
    <div
      data-test="grid-header"
      data-header-size={isHeaderSize(size) ? size : 'SMALL_HEADER'}
      style={{
        padding: `${String(token.paddingXS)}px 0`,
        background: white ? token.colorBgContainer : undefined,
      }}
    >
      <Typography.Title level={level} style={{ margin: 0 }}>
        {edit === null ? (
          text
        ) : (
          <edit.EditableText componentId={component.id} text={text} placeholder="New header" />
        )}
      </Typography.Title>
    </div>
  );
}
