import { closeCompletion } from '@codemirror/autocomplete';
import { sql } from '@codemirror/lang-sql';
import { Prec } from '@codemirror/state';
import { keymap, type EditorView, type ViewUpdate } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import type { GlobalToken } from 'antd';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { topLevelOptions, topLevelSource, sqlNamespace, type CompletionData } from './completion';
import { dialectFor } from './dialect';
import type { EditorController } from './editor-controller';
import { editorTheme } from './editor-theme';
import { SHORTCUTS, type ShortcutAction } from './shortcuts';

/** Where the caret is: a 0-based row and column. */
export interface CaretPosition {
  row: number;
  column: number;
}

export interface SqlEditorProps {
  sql: string;
  /** The database's backend, which picks the SQL dialect. */
  backend: string | undefined;
  completion: CompletionData;
  token: GlobalToken;
  dark: boolean;
  onChange: (sql: string) => void;
  /** The selected text (null when nothing is selected) and the caret, when the selection moves. */
  onSelectionChange: (selectedText: string | null, caret: CaretPosition) => void;
  /** A shortcut was pressed in the editor; `cursor` is the caret's offset. */
  onCommand: (action: ShortcutAction, cursor: number) => void;
  /** Filled while the editor is mounted, for commands that come from outside it (the Run button). */
  controllerRef?: RefObject<EditorController | null>;
  /** SQL Lab focuses its editor on open; an editor inside a form must not take the focus. */
  autoFocus?: boolean;
}

const BASIC_SETUP = { foldGutter: false, highlightActiveLineGutter: true } as const;

/**
 * CodeMirror 6 with the database's SQL dialect, completion of keywords, functions, schemas, tables and
 * columns, SQL Lab's shortcuts, and a theme made of the antd tokens. It talks to the page through props
 * only: this module is its own lazy chunk and should share as little as possible with the rest.
 */
export function SqlEditor({
  sql: text,
  backend,
  completion,
  token,
  dark,
  onChange,
  onSelectionChange,
  onCommand,
  controllerRef,
  autoFocus = true,
}: SqlEditorProps) {
  const commandRef = useRef(onCommand);
  const selectionRef = useRef(onSelectionChange);
  useEffect(() => {
    commandRef.current = onCommand;
    selectionRef.current = onSelectionChange;
  });

  // Highest precedence: CodeMirror's own Mod-Enter and Ctrl-Arrow bindings must not win.
  const shortcuts = useMemo(
    () =>
      Prec.highest(
        keymap.of(
          SHORTCUTS.flatMap((shortcut) =>
            shortcut.keys.map((key) => ({
              key,
              preventDefault: true,
              run: (view: EditorView) => {
                closeCompletion(view);
                commandRef.current(shortcut.action, view.state.selection.main.head);
                return true;
              },
            })),
          ),
        ),
      ),
    [],
  );
  const dialect = dialectFor(backend);
  const language = useMemo(
    () =>
      sql({
        dialect,
        schema: sqlNamespace(completion),
        ...(completion.schema === null ? {} : { defaultSchema: completion.schema }),
        upperCaseKeywords: true,
      }),
    [dialect, completion],
  );
  const extraCompletion = useMemo(
    () => dialect.language.data.of({ autocomplete: topLevelSource(topLevelOptions(completion)) }),
    [dialect, completion],
  );
  const look = useMemo(() => editorTheme(token, dark), [token, dark]);
  const extensions = useMemo(
    () => [shortcuts, language, extraCompletion],
    [shortcuts, language, extraCompletion],
  );

  useEffect(
    () => () => {
      if (controllerRef) controllerRef.current = null;
    },
    [controllerRef],
  );

  const onUpdate = useCallback((update: ViewUpdate) => {
    if (!update.selectionSet) return;
    const { main } = update.state.selection;
    const selected = main.empty ? null : update.state.sliceDoc(main.from, main.to);
    const line = update.state.doc.lineAt(main.head);
    selectionRef.current(selected, { row: line.number - 1, column: main.head - line.from });
  }, []);

  return (
    <CodeMirror
      data-test="sqllab-editor"
      value={text}
      height="100%"
      style={{ height: '100%', overflow: 'hidden' }}
      theme={look}
      basicSetup={BASIC_SETUP}
      extensions={extensions}
      onChange={onChange}
      onUpdate={onUpdate}
      onCreateEditor={(view) => {
        if (controllerRef) controllerRef.current = { closeCompletion: () => closeCompletion(view) };
      }}
      autoFocus={autoFocus}
    />
  );
}

// React.lazy needs a default export.
export default SqlEditor;
