import type { AppContext } from '../../context';
import { nowIso } from '../../db/kysely';
import type { Principal } from '../security/principal';
import { checkedDatasetSql, deriveSqlColumns, deriveTableColumns } from './dataset-columns';
import { loadChangeableDataset } from './dataset-update';
import { datasetColumns, type NewDatasetColumn } from './datasets.repo';
import type { ReadableDataset } from './explore-datasource';

/** The columns the engine reports today for the table or the virtual dataset's SQL. */
export async function engineColumns(
  ctx: AppContext,
  principal: Principal,
  readable: ReadableDataset,
): Promise<NewDatasetColumn[]> {
  const { view, connector } = readable;
  if (view.sql === null) {
    return deriveTableColumns(connector, {
      name: view.table_name,
      schema: view.schema,
      catalog: view.catalog,
    });
  }
  const statement = checkedDatasetSql(view.sql, view.template_params, connector.engine, principal);
  return deriveSqlColumns(connector, {
    statement,
    schema: view.schema,
    catalog: view.catalog,
    timeoutSeconds: ctx.config.constants.SQLLAB_TIMEOUT,
  });
}

/**
 * PUT /api/v1/dataset/{pk}/refresh: new engine columns are added, known ones get the engine's
 * type (and become temporal when the engine says so), vanished ones are removed. Calculated
 * columns and the user's verbose names, descriptions and flags are kept.
 */
export async function refreshDataset(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const readable = await loadChangeableDataset(ctx, principal, id);
  const fresh = await engineColumns(ctx, principal, readable);
  const existing = await datasetColumns(ctx.store.db, id);
  const physical = new Map(
    existing.filter((column) => column.expression === null).map((column) => [column.column_name, column]),
  );
  const freshNames = new Set(fresh.map((column) => column.column_name));
  const vanished = [...physical.values()].filter((column) => !freshNames.has(column.column_name));
  await ctx.store.db.transaction().execute(async (trx) => {
    if (vanished.length > 0) {
      await trx
        .deleteFrom('dataset_columns')
        .where(
          'id',
          'in',
          vanished.map((column) => column.id),
        )
        .execute();
    }
    let nextPosition = existing.reduce((max, column) => Math.max(max, column.position), -1) + 1;
    for (const column of fresh) {
      const known = physical.get(column.column_name);
      if (known) {
        await trx
          .updateTable('dataset_columns')
          .set({
            type: column.type,
            type_generic: column.type_generic,
            is_dttm: known.is_dttm === 1 || column.is_dttm === 1 ? 1 : 0,
          })
          .where('id', '=', known.id)
          .execute();
      } else {
        await trx
          .insertInto('dataset_columns')
          .values({ ...column, dataset_id: id, position: nextPosition })
          .execute();
        nextPosition += 1;
      }
    }
    const mainDttm = readable.view.main_dttm_col;
    const stillThere =
      mainDttm !== null &&
      (freshNames.has(mainDttm) || existing.some((c) => c.column_name === mainDttm && c.expression !== null));
    const firstTemporal = fresh.find((column) => column.is_dttm === 1)?.column_name ?? null;
    await trx
      .updateTable('datasets')
      .set({
        main_dttm_col: stillThere ? mainDttm : firstTemporal,
        changed_by_fk: principal.user.id,
        changed_on: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  });
  ctx.caches.exploreDatasources.invalidate();
}
