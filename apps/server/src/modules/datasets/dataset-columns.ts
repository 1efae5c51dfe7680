import type { Connector, ConnectorSession, ResultColumn } from '@tessera/connectors';
import { ConnectorError } from '@tessera/connectors';
import type { DatasetColumnInput } from '@tessera/contracts';
import { messageError, type ApiError } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { QueryFailure } from '../sqllab/failure';
import { renderQuerySql } from '../sqllab/render';
import { classifyScript, findDeniedFunctions } from '@tessera/sql';
import type { NewDatasetColumn } from './datasets.repo';

const fieldError = (field: string, text: string): ApiError => messageError(422, { [field]: [text] });

export function columnsFromInput(columns: DatasetColumnInput[]): NewDatasetColumn[] {
  return columns.map((column) => ({
    column_name: column.column_name,
    type: column.type ?? null,
    type_generic: column.type_generic ?? null,
    is_dttm: column.is_dttm === true ? 1 : 0,
  }));
}

function columnsFromResult(columns: ResultColumn[]): NewDatasetColumn[] {
  return columns.map((column) => ({
    column_name: column.name,
    type: column.type,
    type_generic: column.type_generic,
    is_dttm: column.is_dttm ? 1 : 0,
  }));
}

/**
 * The one read statement a virtual dataset may hold, after templates. The same parser, read-only
 * check and deny list as SQL Lab refuse everything else: a dataset's SQL is re-run by every chart.
 */
export function checkedDatasetSql(
  sql: string,
  templateParams: string | null,
  engine: Connector['engine'],
  principal: Principal,
): string {
  let rendered: string;
  try {
    rendered = renderQuerySql(sql, templateParams, principal, {}, engine);
  } catch (error) {
    if (error instanceof QueryFailure) throw fieldError('sql', error.message);
    throw error;
  }
  const script = classifyScript(rendered, engine);
  const [statement, ...others] = script.statements;
  if (!statement) throw fieldError('sql', 'The SQL has no statement.');
  if (others.length > 0) throw fieldError('sql', 'A dataset is defined by exactly one SELECT statement.');
  if (!script.readOnly) {
    const reason = statement.reason ? ` (${statement.reason})` : '';
    throw fieldError('sql', `Only read-only SELECT statements can define a dataset${reason}.`);
  }
  const denied = findDeniedFunctions(rendered, engine);
  if (denied.length > 0) {
    throw fieldError('sql', `The SQL uses functions or objects that are not allowed: ${denied.join(', ')}.`);
  }
  return statement.text;
}

async function probe(
  connector: Connector,
  schema: string | null,
  catalog: string | null,
  statement: string,
  timeoutSeconds: number,
): Promise<ResultColumn[]> {
  let session: ConnectorSession;
  try {
    session = await connector.openSession({ readOnly: true, schema, catalog });
  } catch (error) {
    throw fieldError('database', engineText(error, 'Could not connect to the database.'));
  }
  const timer = setTimeout(() => void session.cancel(), timeoutSeconds * 1000);
  try {
    const result = await session.execute(statement, { maxRows: 0 });
    return result.columns;
  } catch (error) {
    throw fieldError('sql', engineText(error, 'The database could not run the SQL.'));
  } finally {
    clearTimeout(timer);
    await session.close().catch(() => undefined);
  }
}

function engineText(error: unknown, fallback: string): string {
  if (error instanceof ConnectorError) {
    return error.kind === 'cancelled' ? 'Reading the columns of the SQL took too long.' : error.message;
  }
  return fallback;
}

/**
 * Columns of a virtual dataset: the SQL runs on a read-only session and no row is read
 * (maxRows 0), so only the result's shape comes back.
 */
export async function deriveSqlColumns(
  connector: Connector,
  options: { statement: string; schema: string | null; catalog: string | null; timeoutSeconds: number },
): Promise<NewDatasetColumn[]> {
  const columns = await probe(
    connector,
    options.schema,
    options.catalog,
    options.statement,
    options.timeoutSeconds,
  );
  if (columns.length === 0) throw fieldError('sql', 'The SQL returns no columns.');
  return columnsFromResult(columns);
}

/** Columns of a physical table from the engine's catalogue; a missing table is the client's mistake. */
export async function deriveTableColumns(
  connector: Connector,
  table: { name: string; schema: string | null; catalog: string | null },
): Promise<NewDatasetColumn[]> {
  let metadata;
  try {
    metadata = await connector.getTableMetadata(table.name, table.schema, table.catalog);
  } catch (error) {
    throw fieldError('table_name', engineText(error, 'The table could not be read.'));
  }
  if (!metadata) {
    const where = table.schema ? `${table.schema}.${table.name}` : table.name;
    throw fieldError('table_name', `Table ${where} could not be found in the database.`);
  }
  return metadata.columns.map((column) => ({
    column_name: column.name,
    type: column.type,
    type_generic: column.type_generic,
    is_dttm: column.is_dttm ? 1 : 0,
  }));
}
