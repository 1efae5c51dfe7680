import { engineOfUri } from '@tessera/connectors';
import type { Engine } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';
import { messageError } from '../../platform/errors';

/**
 * What the adhoc-SQL check of `engine` refuses in a clause (null when it passes). Chart data owns that
 * check and depends on this module, so the check comes in from the app's composition.
 */
export type ClauseProblem = (clause: string, engine: Engine) => string | null;

/**
 * Refuses, when a rule is saved, a clause that every query of its tables would refuse: the same
 * adhoc-SQL check the queries run, once for each engine the rule's datasets live on. Saving it
 * would otherwise break every chart on those tables for the rule's roles, and only show at query time.
 */
export async function refuseUncheckedClause(
  db: MetadataDb,
  clause: string,
  tableIds: readonly number[],
  problemOf: ClauseProblem,
): Promise<void> {
  if (tableIds.length === 0) return;
  const databases = await db
    .selectFrom('datasets as d')
    .innerJoin('databases as db', 'db.id', 'd.database_id')
    .select('db.sqlalchemy_uri')
    .distinct()
    .where('d.id', 'in', [...tableIds])
    .execute();
  for (const engine of new Set(databases.map((row) => engineOfUri(row.sqlalchemy_uri)))) {
    const problem = problemOf(clause, engine);
    if (problem !== null) throw messageError(400, { clause: [problem] });
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
