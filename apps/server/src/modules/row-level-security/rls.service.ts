import type { ListQuery, RlsRule, RlsRuleCreate, RlsRuleUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { MetadataDb } from '../../db/kysely';
import { messageError, notFound } from '../../platform/errors';
import type { ChoicePage } from '../security/model-helpers';
import type { RelatedQuery } from '../security/related-users';
import { refuseUncheckedClause, tableIdsOfRule, type ClauseProblem } from './rls-clause-check';
import { toRlsRule } from './rls-dict';
import { invalidateRlsSnapshot } from './rls-snapshot';
import { listRlsViews } from './rls-list';
import {
  deleteRules,
  existingDatasetIds,
  existingRoleIds,
  existingRuleIds,
  findRlsView,
  insertRule,
  linksOfRules,
  relatedDatasets,
  relatedRoleRows,
  ruleNameTaken,
  updateRule,
  type RlsWrite,
} from './rls.repo';

export type { ClauseProblem } from './rls-clause-check';
export { secureSource, type ClauseCheck, type RlsScope, type SecuredSource } from './row-level-filters';

export async function listRlsRules(
  ctx: AppContext,
  query: ListQuery,
): Promise<{ count: number; ids: number[]; result: RlsRule[] }> {
  const { count, rows } = await listRlsViews(ctx.store.db, query);
  const links = await linksOfRules(
    ctx.store.db,
    rows.map((row) => row.id),
  );
  const now = Date.now();
  return { count, ids: rows.map((row) => row.id), result: rows.map((row) => toRlsRule(row, links, now)) };
}

export async function showRlsRule(ctx: AppContext, id: number): Promise<RlsRule> {
  const view = await findRlsView(ctx.store.db, id);
  if (!view) throw notFound();
  return toRlsRule(view, await linksOfRules(ctx.store.db, [id]));
}

/** 422s as Superset answers them: unknown datasets or roles, a name another rule has. */
async function refuseBadLinks(
  db: MetadataDb,
  input: { name?: string; tables?: readonly number[]; roles?: readonly number[] },
  id: number | null,
): Promise<void> {
  if (input.tables !== undefined) {
    const found = await existingDatasetIds(db, input.tables);
    if (input.tables.some((table) => !found.has(table)))
      throw messageError(422, { tables: ['Datasets do not exist'] });
  }
  if (input.roles !== undefined) {
    const found = await existingRoleIds(db, input.roles);
    if (input.roles.some((role) => !found.has(role)))
      throw messageError(422, { roles: ['Some roles do not exist'] });
  }
  if (input.name !== undefined && (await ruleNameTaken(db, input.name, id)))
    throw messageError(422, { name: ['A rule with this name already exists.'] });
}

export async function createRlsRule(
  ctx: AppContext,
  userId: number,
  input: RlsRuleCreate,
  clauseProblem: ClauseProblem,
): Promise<number> {
  const id = await ctx.store.db.transaction().execute(async (trx) => {
    await refuseBadLinks(trx, input, null);
    await refuseUncheckedClause(trx, input.clause, input.tables, clauseProblem);
    return insertRule(
      trx,
      {
        name: input.name,
        description: input.description ?? null,
        filter_type: input.filter_type,
        group_key: input.group_key ?? null,
        clause: input.clause,
      },
      input.tables,
      input.roles,
      userId,
    );
  });
  invalidateRlsSnapshot(ctx.store.db);
  return id;
}

export async function changeRlsRule(
  ctx: AppContext,
  userId: number,
  id: number,
  input: RlsRuleUpdate,
  clauseProblem: ClauseProblem,
): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    if (!(await existingRuleIds(trx, [id])).has(id)) throw notFound();
    await refuseBadLinks(trx, input, id);
    if (input.clause !== undefined || input.tables !== undefined) {
      const clause = input.clause ?? (await findRlsView(trx, id))?.clause;
      const tables = input.tables ?? (await tableIdsOfRule(trx, id));
      if (clause !== undefined) await refuseUncheckedClause(trx, clause, tables, clauseProblem);
    }
    const patch: Partial<RlsWrite> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.filter_type !== undefined) patch.filter_type = input.filter_type;
    if (input.group_key !== undefined) patch.group_key = input.group_key;
    if (input.clause !== undefined) patch.clause = input.clause;
    await updateRule(trx, id, patch, input.tables, input.roles, userId);
  });
  invalidateRlsSnapshot(ctx.store.db);
}

/** Deletes all the rules or none: one unknown id is a 404. */
export async function deleteRlsRules(ctx: AppContext, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const count = await ctx.store.db.transaction().execute(async (trx) => {
    const found = await existingRuleIds(trx, unique);
    if (unique.some((id) => !found.has(id))) throw notFound();
    await deleteRules(trx, unique);
    return unique.length;
  });
  invalidateRlsSnapshot(ctx.store.db);
  return count;
}

/** `related/tables`: datasets, shown as `schema.table` as Superset names them. */
export async function relatedRlsTables(ctx: AppContext, query: RelatedQuery): Promise<ChoicePage> {
  const { count, rows } = await relatedDatasets(ctx.store.db, query);
  return {
    count,
    result: rows.map((row) => ({
      value: row.id,
      text: row.schema ? `${row.schema}.${row.table_name}` : row.table_name,
    })),
  };
}

export async function relatedRlsRoles(ctx: AppContext, query: RelatedQuery): Promise<ChoicePage> {
  const { count, rows } = await relatedRoleRows(ctx.store.db, query);
  return { count, result: rows.map((row) => ({ value: row.id, text: row.name })) };
}
