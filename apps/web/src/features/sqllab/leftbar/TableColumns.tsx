import { KeyOutlined, LinkOutlined } from '@ant-design/icons';
import { Flex, Tooltip, Typography, theme } from 'antd';
import type { Table } from '../state';

function foreignKeyOf(table: Table, column: string) {
  return table.foreignKeys.find((key) => key.column_names.includes(column));
}

/** A table panel's body: columns with types and key markers, then the indexes. */
export function TableColumns({ table }: { table: Table }) {
  const { token } = theme.useToken();
  const primary = new Set(table.primaryKey?.column_names ?? []);
  return (
    <Flex vertical gap={2} style={{ paddingInlineStart: token.paddingSM }}>
      {table.columns.map((column) => {
        const foreign = foreignKeyOf(table, column.name);
        return (
          <Flex
            key={column.name}
            align="center"
            gap={6}
            data-test="sqllab-table-column"
            data-column={column.name}
          >
            <span style={{ width: 14, display: 'inline-flex' }}>
              {primary.has(column.name) ? (
                <Tooltip title="Primary key">
                  <KeyOutlined data-test="sqllab-column-pk" style={{ color: token.colorWarning }} />
                </Tooltip>
              ) : foreign === undefined ? null : (
                <Tooltip
                  title={`Foreign key → ${[foreign.referred_schema, foreign.referred_table].filter(Boolean).join('.')} (${(foreign.referred_columns ?? []).join(', ')})`}
                >
                  <LinkOutlined data-test="sqllab-column-fk" style={{ color: token.colorInfo }} />
                </Tooltip>
              )}
            </span>
            <Typography.Text
              ellipsis
              style={{ flex: 1, fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}
            >
              {column.name}
            </Typography.Text>
            <Typography.Text
              type="secondary"
              ellipsis
              style={{ maxWidth: 110, fontSize: token.fontSizeSM }}
              title={column.longType}
            >
              {column.type}
            </Typography.Text>
          </Flex>
        );
      })}
      {table.indexes.length === 0 ? null : (
        <Flex vertical gap={2} style={{ marginTop: token.marginXXS }} data-test="sqllab-table-indexes">
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            Indexes
          </Typography.Text>
          {table.indexes.map((index, position) => (
            <Typography.Text key={index.name ?? position} style={{ fontSize: token.fontSizeSM }}>
              {index.name ?? '(unnamed)'} ({index.column_names.join(', ')})
              {index.unique === true ? ' unique' : ''}
            </Typography.Text>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
