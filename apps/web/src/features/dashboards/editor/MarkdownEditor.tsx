import { Input, Segmented, theme } from 'antd';
import { useState } from 'react';
import { updateMeta } from '../layout-ops';
import { useLayoutEditor } from './layout-editor-context';
import { renderMarkdownPreview } from './markdown-preview';

type Mode = 'edit' | 'preview';

/**
 * Markdown in edit mode: a textarea with an Edit/Preview toggle. The code is saved to the layout when the
 * textarea loses focus or the preview is chosen — one undo step per editing session, not per keystroke.
 */
export function MarkdownEditor({ componentId, code }: { componentId: string; code: string }) {
  const editor = useLayoutEditor();
  const { token } = theme.useToken();
  const [mode, setMode] = useState<Mode>('preview');
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? code;

  const commit = (): void => {
    if (draft !== null && draft !== code) {
      editor.apply((layout) => updateMeta(layout, componentId, { code: draft }));
    }
    setDraft(null);
  };

  return (
    <div
      data-test="dashboard-markdown-editor"
      data-component-id={componentId}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 4 }}>
        <Segmented<Mode>
          size="small"
          data-test="markdown-mode-toggle"
          value={mode}
          options={[
            { label: 'Edit', value: 'edit' },
            { label: 'Preview', value: 'preview' },
          ]}
          onChange={(next) => {
            if (next === 'preview') commit();
            setMode(next);
          }}
        />
      </div>
      {mode === 'edit' ? (
        <Input.TextArea
          data-test="markdown-editor-textarea"
          aria-label="Markdown"
          value={shown}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.stopPropagation()}
          style={{ flex: 1, resize: 'none', fontFamily: token.fontFamilyCode, minHeight: 80 }}
        />
      ) : (
        <div
          data-test="markdown-preview"
          role="button"
          tabIndex={0}
          title="Click to edit"
          onClick={() => setMode('edit')}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setMode('edit');
          }}
          style={{ flex: 1, overflow: 'auto', padding: '0 12px', cursor: 'text', color: token.colorText }}
          // Sanitised by renderMarkdownPreview.
          dangerouslySetInnerHTML={{ __html: renderMarkdownPreview(shown) }}
        />
      )}
    </div>
  );
}
