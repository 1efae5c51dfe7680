import { engineOfUri } from '@tessera/connectors';
import type { MetadataDb } from '../../db/kysely';
import { messageError } from '../../platform/errors';
import { checkAdhocSql } from '../chart-data/adhoc-sql';
import { ChartDataError } from '../chart-data/chart-data-error';

/**
 * Refuses, when a rule is saved, a clause that every query of its tables would refuse: the same
 * adhoc-SQL check the queries run, once for each engine the rule's datasets live on. Saving it
 * would otherwise break every chart on those tables for the rule's roles, and only show at query time.
 */
export async function refuseUncheckedClause(
  db: MetadataDb,
  clause: string,
  tableIds: readonly number[],
  allowSubquery: boolean,
): Promise<void> {
  if (tableIds.length === 0) return;
  const databases = await db
    .selectFrom('datasets as d')
    .innerJoin('databases as db', 'db.id', 'd.database_id')
    .select('db.sqlalchemy_uri')
    .distinct()
    .where('d.id', 'in', [...tableIds])
    .execute();
  const engines = new Set(databases.map((row) => engineOfUri(row.sqlalchemy_uri)));
  for (const engine of engines) {
    try {
      checkAdhocSql(clause, engine, 'the clause', { allowSubquery });
    } catch (error) {
      if (error instanceof ChartDataError) throw messageError(400, { clause: [error.message] });
      throw error;
    }
  }
}

/** The datasets a stored rule names. */
export async function tableIdsOfRule(db: MetadataDb, ruleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rls_filter_tables')
    .select('table_id')
    .where('rls_filter_id', '=', ruleId)
    .execute();
  return rows.map((row) => row.table_id);
}
