import type { MetadataDb } from '../../db/kysely';
import { messageError } from '../../platform/errors';
import type { Principal } from './principal';

/**
 * The owners to store for a chart or dashboard (Superset's populate_owner_list): none given on create
 * means the caller; a non-admin caller is always kept among the owners so they cannot lock themselves out.
 * Unknown or inactive users are a 422.
 */
export async function resolveOwners(
  db: MetadataDb,
  principal: Principal,
  requested: readonly number[] | undefined,
  mode: 'create' | 'update',
): Promise<number[]> {
  if (requested === undefined || (requested.length === 0 && mode === 'create')) return [principal.user.id];
  const unique = [...new Set(requested)];
  if (unique.length === 0) return principal.isAdmin ? [] : [principal.user.id];
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', unique)
    .where('active', '=', 1)
    .execute();
  if (found.length !== unique.length) throw messageError(422, { owners: ['Owners are invalid'] });
  if (!principal.isAdmin && !unique.includes(principal.user.id)) unique.push(principal.user.id);
  return unique;
}
