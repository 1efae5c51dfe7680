import { z } from 'zod';
import type { MetadataDb } from '../../db/kysely';
import { containsText } from '../../db/like';

/** The rison `q` of FAB's related endpoints: `(filter:'ad',page:0,page_size:25)`. */
export const relatedQuerySchema = z
  .object({
    filter: z.string().max(250).default(''),
    page: z.number().int().nonnegative().default(0),
    page_size: z.number().int().min(1).max(100).default(25),
    include_ids: z.array(z.number().int()).max(100).optional(),
  })
  .strict();
export type RelatedQuery = z.infer<typeof relatedQuerySchema>;

export interface RelatedUser {
  value: number;
  text: string;
  extra: { email: string; active: boolean };
}

/**
 * Candidate owners for the owner pickers (`GET /api/v1/<resource>/related/owners`): active users whose
 * name, username or email contains the filter text, by first name.
 */
export async function relatedUsers(
  db: MetadataDb,
  query: RelatedQuery,
): Promise<{ count: number; result: RelatedUser[] }> {
  let base = db.selectFrom('users').where('active', '=', 1);
  const text = query.filter.trim().toLowerCase();
  if (text !== '') {
    base = base.where((eb) =>
      eb.or(['first_name', 'last_name', 'username', 'email'].map((column) => containsText(column, text))),
    );
  }
  const countRow = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'first_name', 'last_name', 'email', 'active'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(query.page_size)
    .offset(query.page * query.page_size)
    .execute();
  return {
    count: Number(countRow?.n ?? 0),
    result: rows.map((row) => ({
      value: row.id,
      text: `${row.first_name} ${row.last_name}`.trim(),
      extra: { email: row.email, active: row.active === 1 },
    })),
  };
}
