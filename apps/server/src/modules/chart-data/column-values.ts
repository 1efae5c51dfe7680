import {
  COLUMN_VALUES_DATASOURCE_TYPES,
  DATASOURCE_TYPES,
  columnValueSchema,
  type ColumnValue,
  type ColumnValuesResponse,
  type QueryContext,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { checkChartDatasource } from './load-datasource';
import { runQueryContext } from './run-query-context';

export interface ColumnValuesRequest {
  datasourceType: string;
  datasourceId: number;
  columnName: string;
}

/** Superset's DatasourceType values: DATASOURCE_TYPES and the `view` this project has no models for. */
const KNOWN_TYPES: readonly string[] = [...DATASOURCE_TYPES, 'view'];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * GET /api/v1/datasource/<type>/<id>/column/<column>/values/ (Superset's DatasourceRestApi
 * get_column_values): the column's distinct values, at most FILTER_SELECT_ROW_LIMIT (capped at
 * SQL_MAX_ROW by the compiler), sorted by the engine, NULL kept as null, under the dataset's
 * fetch_values_predicate. Errors as Superset answers them: a type it does not know → 400 "Invalid
 * datasource type", a type without column values → 400, an unknown dataset → 404, one the caller may
 * not read → 403, a column the dataset does not have → 400 "Column name x does not exist".
 *
 * The values are read through the chart data engine as the caller (a one-column GROUP BY with a
 * count), so the read-only session, query slots, timeout, adhoc-SQL checks of the predicate and the
 * result cache (keyed on the caller's access) are the chart data API's.
 */
export async function columnValues(
  ctx: AppContext,
  principal: Principal,
  request: ColumnValuesRequest,
): Promise<ColumnValuesResponse> {
  const { datasourceType, datasourceId, columnName } = request;
  if (!KNOWN_TYPES.includes(datasourceType))
    throw messageError(400, `Invalid datasource type: ${datasourceType}`);
  if (!isOneOf(COLUMN_VALUES_DATASOURCE_TYPES, datasourceType))
    throw messageError(400, `Unable to get column values for datasource type: ${datasourceType}`);

  const access = await checkChartDatasource(ctx, principal, datasourceId);
  if (access.kind === 'missing') throw notFound('Datasource does not exist');
  if (access.kind === 'denied')
    throw messageError(
      403,
      `This endpoint requires the datasource ${access.datasourceName}, database or \`all_datasource_access\` permission`,
    );
  const { datasource } = access.source;
  if (!datasource.columns.some((column) => column.column_name === columnName))
    throw messageError(400, `Column name ${columnName} does not exist`);

  // Any label other than the column's own: the count only makes the GROUP BY a DISTINCT.
  const countLabel = `${columnName}__count`;
  const predicate = datasource.fetch_values_predicate?.trim() ?? '';
  const queryContext: QueryContext = {
    datasource: { id: datasourceId, type: 'table' },
    queries: [
      {
        columns: [columnName],
        metrics: [
          {
            expressionType: 'SIMPLE',
            aggregate: 'COUNT',
            column: { column_name: columnName },
            label: countLabel,
          },
        ],
        orderby: [[columnName, true]],
        row_limit: ctx.config.constants.FILTER_SELECT_ROW_LIMIT,
        ...(predicate === '' ? {} : { extras: { where: predicate } }),
      },
    ],
    result_type: 'full',
  };
  const outcome = await runQueryContext(ctx, principal, queryContext, null);
  if (outcome.kind !== 'json') return { result: [] };
  const [item] = outcome.body.result;
  const rows = Array.isArray(item?.data) ? item.data : [];
  const values: ColumnValue[] = [];
  for (const row of rows) {
    const value: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, columnName) : null;
    const parsed = columnValueSchema.safeParse(value ?? null);
    // Engine values outside JSON's scalars (arrays, maps) are shown as their text.
    values.push(parsed.success ? parsed.data : JSON.stringify(value));
  }
  return { result: values };
}
