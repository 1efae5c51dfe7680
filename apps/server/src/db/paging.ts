import type { ListQuery } from '@tessera/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import { messageError } from '../platform/errors';

/**
 * The list contract of the model APIs in SQL: the count of every match, then one ordered page. Order
 * columns come from a whitelist (client name → qualified column); without order_column the newest come first.
 */
export async function pageOfList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  orderable: Readonly<Record<string, string>>,
  options: { defaultOrder: string; idColumn: string },
): Promise<{ count: number; rows: O[] }> {
  const orderKey = query.order_column ?? options.defaultOrder;
  const column = Object.hasOwn(orderable, orderKey) ? orderable[orderKey] : undefined;
  if (column === undefined) throw messageError(400, { order_column: [`Not a valid column: ${orderKey}.`] });
  const direction = query.order_column === undefined ? 'desc' : query.order_direction;
  // Typed as unknown: with a generic builder Kysely cannot narrow the row of a count.
  const countRow: unknown = await base
    .clearSelect()
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  const count = typeof countRow === 'object' && countRow !== null && 'n' in countRow ? Number(countRow.n) : 0;
  const rows = await base
    .orderBy(sql.ref(column), direction)
    .orderBy(sql.ref(options.idColumn), direction)
    .limit(query.page_size)
    .offset(query.page * query.page_size)
    .execute();
  return { count, rows };
}
