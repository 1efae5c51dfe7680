import type { Connector, TableMetadata } from '@tessera/connectors';
import type { TableMetadataResponse } from '@tessera/contracts';

/** The reference's table_metadata shape: each column lists the keys it takes part in. */
export function buildTableMetadata(
  connector: Connector,
  metadata: TableMetadata,
  schema: string | null,
): TableMetadataResponse {
  const primaryKey = { ...metadata.primaryKey, type: 'pk' as const };
  const keysOf = (column: string) => [
    ...(primaryKey.column_names.includes(column) ? [{ ...primaryKey, options: {} }] : []),
    ...metadata.foreignKeys.filter((key) => key.column_names.includes(column)),
    ...metadata.indexes.filter((key) => key.column_names.includes(column)),
  ];
  return {
    name: metadata.name,
    columns: metadata.columns.map((column) => ({ ...column, keys: keysOf(column.name) })),
    selectStar: connector.selectStar(
      metadata.name,
      schema,
      metadata.columns.map((column) => column.name),
      100,
    ),
    primaryKey,
    foreignKeys: metadata.foreignKeys,
    indexes: metadata.indexes,
    comment: metadata.comment,
  };
}
