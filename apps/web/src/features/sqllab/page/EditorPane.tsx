import type { SqlLabDatabase } from '@tessera/contracts';
import { Flex, Skeleton, Splitter, theme } from 'antd';
import { Suspense, useCallback, useRef } from 'react';
import { lazyComponent } from '../../../shared/lazy/lazy-component';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetSqlLabDatabasesQuery } from '../api/sqllab-api';
import { EditorToolbar } from '../controls/EditorToolbar';
import type { EditorController } from '../editor/editor-controller';
import { useCompletionData } from '../editor/use-completion-data';
import { LeftBar } from '../leftbar/LeftBar';
import { useDefaultSchema } from '../leftbar/use-default-schema';
import { SouthPane } from '../results/SouthPane';
import {
  persistHeight,
  setCursorPosition,
  setSelectedText,
  setSql,
  type CursorPosition,
  type QueryEditor,
} from '../state';
import { selectTab } from '../store/selectors';
import type { ShortcutAction } from '../editor/shortcuts';
import { useAutorun } from './use-autorun';
import { useEditorCommands } from './use-editor-commands';
import { useWindowShortcuts } from './use-window-shortcuts';

const NO_DATABASES: readonly SqlLabDatabase[] = [];

// CodeMirror is most of SQL Lab's code: the rest of the screen shows while it loads.
const SqlEditor = lazyComponent(() => import('../editor/SqlEditor').then((module) => module.default));

function EditorLayout({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const databases = useGetSqlLabDatabasesQuery(undefined).data ?? NO_DATABASES;
  const database = databases.find((candidate) => candidate.id === editor.dbId);
  const dark = useAppSelector((state) => state.theme.mode === 'dark');
  const editorId = editor.id;
  const onSqlChange = useCallback(
    (sql: string) => dispatch(setSql({ id: editorId, sql })),
    [dispatch, editorId],
  );
  const onSelectionChange = useCallback(
    (selectedText: string | null, cursorPosition: CursorPosition) => {
      dispatch(setSelectedText({ id: editorId, selectedText }));
      dispatch(setCursorPosition({ id: editorId, cursorPosition }));
    },
    [dispatch, editorId],
  );
  const runCommand = useEditorCommands(editor.id);
  const controller = useRef<EditorController | null>(null);
  const onCommand = useCallback(
    (action: ShortcutAction, cursor?: number) => {
      controller.current?.closeCompletion();
      runCommand(action, cursor);
    },
    [runCommand],
  );
  const completion = useCompletionData(editor);
  useWindowShortcuts(onCommand);
  useAutorun(editor, database !== undefined);
  useDefaultSchema(editor);

  return (
    <Flex
      gap={token.margin}
      style={{ flex: 1, minHeight: 0 }}
      data-test="sqllab-editor-pane"
      data-tab-id={editor.id}
    >
      {editor.hideLeftBar ? null : <LeftBar editor={editor} databases={databases} />}
      <Splitter
        orientation="vertical"
        style={{ flex: 1, minWidth: 0, height: '100%' }}
        onResizeEnd={([north = 0, south = 0]) => {
          const total = north + south;
          if (total <= 0) return;
          const northPercent = Math.round((north / total) * 1000) / 10;
          dispatch(persistHeight({ id: editor.id, northPercent, southPercent: 100 - northPercent }));
        }}
      >
        <Splitter.Panel defaultSize={`${editor.northPercent}%`} min="15%" max="85%">
          <Flex vertical style={{ height: '100%', paddingTop: token.paddingXS }}>
            <div
              style={{
                flex: 1,
                minHeight: 0,
                border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
                borderRadius: token.borderRadius,
                overflow: 'hidden',
              }}
            >
              <Suspense fallback={<Skeleton active style={{ padding: token.padding }} />}>
                <SqlEditor
                  sql={editor.sql}
                  token={token}
                  dark={dark}
                  onChange={onSqlChange}
                  onSelectionChange={onSelectionChange}
                  backend={database?.backend}
                  completion={completion}
                  onCommand={onCommand}
                  controllerRef={controller}
                />
              </Suspense>
            </div>
            <EditorToolbar editor={editor} database={database} onCommand={onCommand} />
          </Flex>
        </Splitter.Panel>
        <Splitter.Panel min="15%">
          <div style={{ height: '100%', paddingTop: token.paddingXS, boxSizing: 'border-box' }}>
            <SouthPane editorId={editor.id} />
          </div>
        </Splitter.Panel>
      </Splitter>
    </Flex>
  );
}

/** The active tab: left bar, editor with its toolbar (north) and results (south), split by a draggable bar. */
export function EditorPane({ editorId }: { editorId: string }) {
  const editor = useAppSelector((state) => selectTab(state, editorId));
  return editor === null ? null : <EditorLayout editor={editor} />;
}
