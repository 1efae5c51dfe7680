import { GRID_BASE_UNIT, GRID_DEFAULT_CHART_HEIGHT } from '@tessera/contracts';
import { theme } from 'antd';
import { useContext } from 'react';
import { LayoutEditContext } from './layout-edit-context';
import type { NodeProps } from './render-child-context';
import { useMarkdownHtml } from './use-markdown-html';
import { metaHeight, metaText } from './widths';

export function MarkdownNode({ component }: NodeProps) {
  const { token } = theme.useToken();
  const edit = useContext(LayoutEditContext);
  const code = metaText(component.meta, 'code') ?? '';
  const html = useMarkdownHtml(code);
  const height = metaHeight(component.meta, GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
  return (
    <div
      data-test="dashboard-markdown"
      style={{
        height,
        overflow: 'auto',
        padding: token.paddingSM,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {edit === null ? (
        // Sanitised by renderMarkdown: no scripts, event handlers or javascript: links.
        <div
          className="dashboard-markdown"
          data-markdown-status={html === null ? 'loading' : 'rendered'}
          dangerouslySetInnerHTML={{ __html: html ?? '' }}
        />
      ) : (
        <edit.MarkdownEditor componentId={component.id} code={code} />
      )}
    </div>
  );
}
