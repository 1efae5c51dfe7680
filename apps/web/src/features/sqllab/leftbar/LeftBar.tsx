import type { SqlLabDatabase } from '@tessera/contracts';
import { Empty, Flex, Tooltip, Typography, theme } from 'antd';
import { useAppSelector } from '../../../app/hooks';
import type { QueryEditor } from '../state';
import { selectTabTables } from '../store/selectors';
import { sqlLabState } from '../store/sqllab-store';
import { DatabaseSelect, SchemaSelect } from './DatabaseSchemaPickers';
import { TablePanel } from './TablePanel';
import { TableSelect } from './TableSelect';

export const LEFT_BAR_WIDTH = 290;

/** Database, schema and table pickers over the tab's table schema panels. */
export function LeftBar({
  editor,
  databases,
}: {
  editor: QueryEditor;
  databases: readonly SqlLabDatabase[];
}) {
  const { token } = theme.useToken();
  const tables = useAppSelector((state) => selectTabTables(state, editor.id));
  const database = databases.find((candidate) => candidate.id === editor.dbId);
  const storageKb = useAppSelector((state) => sqlLabState(state).sqlLabSync.localStorageKb);
  return (
    <Flex
      vertical
      gap={token.marginXS}
      data-test="sqllab-left-bar"
      style={{ width: LEFT_BAR_WIDTH, flex: 'none', minHeight: 0, paddingTop: token.paddingXS }}
    >
      <DatabaseSelect editor={editor} databases={databases} />
      <SchemaSelect editor={editor} />
      <TableSelect editor={editor} />
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-test="sqllab-table-panels">
        {tables.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Add tables to see their columns here." />
        ) : (
          tables.map((table) => <TablePanel key={table.id} table={table} database={database} />)
        )}
      </div>
      <Tooltip title="What SQL Lab keeps in this browser's local storage">
        <Typography.Text
          type="secondary"
          style={{ fontSize: token.fontSizeSM }}
          data-test="sqllab-storage-usage"
        >
          Local storage: {storageKb.toFixed(2)} KB
        </Typography.Text>
      </Tooltip>
    </Flex>
  );
}
