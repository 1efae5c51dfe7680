import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { findDatabase } from '../databases/databases.service';
import { canAccessDatabase } from '../databases/databases.service';
import type { DatabaseRow } from '../databases/registry';
import type { Principal } from '../security/principal';

/** The database a dataset is saved into, or a field message (Superset answers 422 here). */
export async function targetDatabase(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<DatabaseRow> {
  const row = await findDatabase(ctx.store.db, id);
  if (!row || !canAccessDatabase(principal, row))
    throw messageError(422, { database: ['Database does not exist.'] });
  return row;
}
