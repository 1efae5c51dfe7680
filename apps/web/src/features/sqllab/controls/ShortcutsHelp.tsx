import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { SHORTCUTS } from '../editor/shortcuts';

function ShortcutList() {
  return (
    <table data-test="sqllab-shortcuts-help" style={{ borderSpacing: '12px 4px' }}>
      <tbody>
        {SHORTCUTS.map((shortcut) => (
          <tr key={shortcut.action}>
            <td>
              <Typography.Text keyboard style={{ whiteSpace: 'nowrap' }}>
                {shortcut.label}
              </Typography.Text>
            </td>
            <td>{shortcut.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A popover listing SQL Lab's keyboard shortcuts. */
export function ShortcutsHelp() {
  return (
    <Popover title="Keyboard shortcuts" content={<ShortcutList />} trigger="click" placement="topRight">
      <Button
        size="small"
        icon={<QuestionCircleOutlined />}
        data-test="sqllab-shortcuts"
        aria-label="Keyboard shortcuts"
      />
    </Popover>
  );
}
