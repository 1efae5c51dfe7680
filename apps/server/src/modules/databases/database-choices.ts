import type { MetadataDb } from '../../db/kysely';
import type { Principal } from '../security/principal';
import { pageOfChoices, type ChoicePage } from '../security/model-helpers';
import type { RelatedQuery } from '../security/related-users';
import { canAccessDatabase } from './databases.service';
import type { DatabaseRow } from './registry';

/**
 * `related/database` of the saved query and dataset APIs: the databases the caller may use,
 * as `{value: id, text: database_name}`, matched on the name.
 */
export async function relatedDatabases(
  db: MetadataDb,
  principal: Principal,
  query: RelatedQuery,
): Promise<ChoicePage> {
  const rows: DatabaseRow[] = await db.selectFrom('databases').selectAll().execute();
  const choices = rows
    .filter((row) => canAccessDatabase(principal, row))
    .map((row) => ({ value: row.id, text: row.database_name }));
  return pageOfChoices(choices, query);
}
