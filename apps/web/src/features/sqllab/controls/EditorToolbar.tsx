import { useMemo } from 'react';
import {
  CaretRightOutlined,
  FormatPainterOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { SqlLabDatabase } from '@tessera/contracts';
import { Button, Flex, Tooltip, theme } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { ShortcutAction } from '../editor/shortcuts';
import { isActiveState, toggleLeftBar, type QueryEditor } from '../state';
import { SaveQueryButton } from '../saved/SaveQueryButton';
import { scheduleConf } from '../saved/schedule-query';
import { ScheduleQueryButton } from '../saved/ScheduleQueryButton';
import { CopyLinkButton } from '../sharing/CopyLinkButton';
import { selectQuery } from '../store/selectors';
import { EstimateCostButton } from './EstimateCostButton';
import { LimitSelect } from './LimitSelect';
import { ShortcutsHelp } from './ShortcutsHelp';
import { TemplateParamsButton } from './TemplateParamsButton';

interface EditorToolbarProps {
  editor: QueryEditor;
  database: SqlLabDatabase | undefined;
  onCommand: (action: ShortcutAction) => void;
}

/** Below the editor: Run (or Stop while the query runs), limit, cost estimate, parameters, format, help. */
export function EditorToolbar({ editor, database, onCommand }: EditorToolbarProps) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const latest = useAppSelector((state) => selectQuery(state, editor.latestQueryId));
  const conf = useAppSelector((state) => state.session.common?.conf);
  const schedule = useMemo(() => scheduleConf(conf), [conf]);
  const running = latest !== null && isActiveState(latest.state);
  const hasSelection = editor.selectedText !== null && editor.selectedText.trim() !== '';

  return (
    <Flex
      align="center"
      gap={token.marginXS}
      wrap
      style={{ paddingBlock: token.paddingXS }}
      data-test="sqllab-toolbar"
    >
      <Tooltip title={editor.hideLeftBar ? 'Show the table list' : 'Hide the table list'}>
        <Button
          size="small"
          data-test="sqllab-toggle-left-bar"
          aria-label={editor.hideLeftBar ? 'Show the table list' : 'Hide the table list'}
          icon={editor.hideLeftBar ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => dispatch(toggleLeftBar({ id: editor.id, hideLeftBar: !editor.hideLeftBar }))}
        />
      </Tooltip>
      {running ? (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          data-test="sqllab-stop"
          onClick={() => onCommand('stop')}
        >
          Stop
        </Button>
      ) : (
        <Button
          size="small"
          type="primary"
          icon={<CaretRightOutlined />}
          data-test="sqllab-run"
          disabled={database === undefined}
          onClick={() => onCommand('run')}
        >
          {hasSelection ? 'Run selection' : 'Run'}
        </Button>
      )}
      <LimitSelect editorId={editor.id} value={editor.queryLimit} />
      <EstimateCostButton editorId={editor.id} disabled={database === undefined} />
      <span style={{ flex: 1 }} />
      <SaveQueryButton editor={editor} />
      {schedule === null ? null : <ScheduleQueryButton editor={editor} schedule={schedule} />}
      <CopyLinkButton editor={editor} />
      <TemplateParamsButton editorId={editor.id} value={editor.templateParams} />
      <Button
        size="small"
        icon={<FormatPainterOutlined />}
        data-test="sqllab-format"
        onClick={() => onCommand('format')}
      >
        Format
      </Button>
      <ShortcutsHelp />
    </Flex>
  );
}
