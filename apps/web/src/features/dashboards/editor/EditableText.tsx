import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { updateMeta } from '../layout-ops';
import { useLayoutEditor } from './layout-editor-context';

/**
 * A TAB title or HEADER text that turns into an input on click; Enter or leaving the field saves it as one
 * edit, Escape restores it. An empty text keeps the placeholder on screen. With `editOnClick` false a
 * click passes through instead (an inactive tab's title must switch to that tab, not open its input).
 */
export function EditableText({
  componentId,
  text,
  placeholder,
  editOnClick = true,
}: {
  componentId: string;
  text: string;
  placeholder: string;
  editOnClick?: boolean;
}) {
  const editor = useLayoutEditor();
  const [draft, setDraft] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  const editing = draft !== null;
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const commit = (): void => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (next !== text) editor.apply((layout) => updateMeta(layout, componentId, { text: next }));
  };

  if (draft === null) {
    return (
      <span
        role="button"
        tabIndex={0}
        data-test="editable-text"
        data-component-id={componentId}
        style={{ cursor: 'text', minWidth: 24, display: 'inline-block', opacity: text === '' ? 0.5 : 1 }}
        onClick={(event) => {
          if (!editOnClick) return;
          event.stopPropagation();
          setDraft(text);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            setDraft(text);
          }
        }}
      >
        {text === '' ? placeholder : text}
      </span>
    );
  }
  return (
    <Input
      ref={input}
      size="small"
      data-test="editable-text-input"
      value={draft}
      placeholder={placeholder}
      maxLength={1000}
      style={{ width: `${String(Math.max(draft.length, placeholder.length, 8) + 2)}ch`, maxWidth: '100%' }}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      // Typing in a tab title must not move between tabs or start a drag.
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
