import type { Engine } from '@tessera/contracts';
import type { Config } from '../../platform/config';
import type { DatabaseRow } from '../databases/registry';
import { parseExtra } from '../queries/query-dict';
import type { QueryRow } from '../queries/queries.repo';
import { requestedLimit } from './execute-query';
import { queryFailure } from './failure';
import { buildPlan, type PlanDatabase, type QueryPlan } from './plan';
import type { CtasMethod } from '@tessera/sql';

export function planDatabase(row: DatabaseRow, engine: Engine): PlanDatabase {
  return {
    engine,
    allowDml: row.allow_dml === 1,
    allowCtas: row.allow_ctas === 1,
    allowCvas: row.allow_cvas === 1,
    forceCtasSchema: row.force_ctas_schema,
  };
}

const asCtasMethod = (value: string | null): CtasMethod | null =>
  value === 'TABLE' || value === 'VIEW' ? value : null;

/**
 * The plan of a stored query, rebuilt from its rendered SQL and options (workers, CSV export).
 * Planning is deterministic, so this is the plan the web process validated; the checks run again
 * against the database's current settings.
 */
export function replan(config: Config, query: QueryRow, database: DatabaseRow, engine: Engine): QueryPlan {
  if (query.rendered_sql === null)
    throw queryFailure(422, 'INVALID_SQL_ERROR', 'This query has no SQL that was accepted to run.');
  return buildPlan(query.rendered_sql, planDatabase(database, engine), {
    queryLimit: requestedLimit(parseExtra(query.extra)),
    sqlMaxRow: config.constants.SQL_MAX_ROW,
    selectAsCta: query.select_as_cta === 1,
    ctasMethod: asCtasMethod(query.ctas_method),
    tmpTableName: query.tmp_table_name,
    tmpSchemaName: query.tmp_schema_name,
  });
}
