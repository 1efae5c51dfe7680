import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import type { ShortcutAction } from '../editor/shortcuts';
import { addNewTab, formatEditorSql } from '../run/editor-actions';
import { runEditor, stopEditor } from '../run/run-editor';
import { switchToNextTab, switchToPreviousTab } from '../state';

/** Carries out a toolbar button or shortcut for a tab. `cursor` is the caret offset, when known. */
export function useEditorCommands(editorId: string): (action: ShortcutAction, cursor?: number) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (action: ShortcutAction, cursor?: number) => {
      switch (action) {
        case 'run':
          void dispatch(runEditor(editorId, 'all'));
          break;
        case 'runStatement':
          void dispatch(runEditor(editorId, 'statement', cursor));
          break;
        case 'stop':
          void dispatch(stopEditor(editorId));
          break;
        case 'format':
          void dispatch(formatEditorSql(editorId));
          break;
        case 'newTab':
          dispatch(addNewTab());
          break;
        case 'nextTab':
          dispatch(switchToNextTab());
          break;
        case 'previousTab':
          dispatch(switchToPreviousTab());
          break;
      }
    },
    [dispatch, editorId],
  );
}
