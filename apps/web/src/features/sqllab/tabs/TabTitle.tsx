import { Input } from 'antd';
import { useState, type KeyboardEvent } from 'react';

interface TabTitleProps {
  name: string;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onRename: (name: string) => void;
}

/** A tab's title; double-click (or 'Rename tab' in its menu) edits it in place. Enter saves, Escape cancels. */
export function TabTitle({ name, editing, onEditingChange, onRename }: TabTitleProps) {
  const [draft, setDraft] = useState(name);

  if (!editing) {
    return (
      <span
        data-test="sqllab-tab-title"
        onDoubleClick={() => {
          setDraft(name);
          onEditingChange(true);
        }}
      >
        {name}
      </span>
    );
  }

  const commit = () => {
    const next = draft.trim();
    if (next !== '' && next !== name) onRename(next);
    onEditingChange(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The tab strip reads arrow, space and enter keys for its own navigation; they belong to the input here.
    event.stopPropagation();
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') onEditingChange(false);
  };
  return (
    <Input
      data-test="sqllab-tab-title-input"
      size="small"
      autoFocus
      value={draft}
      maxLength={250}
      style={{ width: Math.max(120, draft.length * 8 + 24) }}
      onChange={(event) => {
        setDraft(event.target.value);
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        event.stopPropagation();
      }}
      // The tab strip moves the focus to the tab itself when a child takes it, which would end the edit.
      onFocus={(event) => {
        event.stopPropagation();
      }}
      onBlur={commit}
    />
  );
}
