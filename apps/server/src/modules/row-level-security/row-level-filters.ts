import type { Engine, RequestRlsClause } from '@tessera/contracts';
import { wrapTables, type TableRef } from '@tessera/sql';
import type { MetadataDb } from '../../db/kysely';
import { sip40Error } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { combineClauses, ruleApplies } from './rls-clauses';
import type { ApplicableRuleRow } from './rls.repo';
import { rlsSnapshot } from './rls-snapshot';

/** What one query reads: a dataset, and through it a table or a virtual dataset's SQL. */
export interface RlsScope {
  databaseId: number;
  datasetId: number;
  engine: Engine;
  /** A physical dataset's table; null for a virtual dataset. */
  table: TableRef | null;
  /** A virtual dataset's SQL as rendered for this query; null for a physical dataset. */
  virtualSql: string | null;
}

/** A dataset's source with the caller's row level security in it. */
export interface SecuredSource {
  /** The predicate the query's outer WHERE must hold, or null. */
  where: string | null;
  /** The virtual dataset's SQL with every table it reads under that table's rules (else unchanged). */
  virtualSql: string | null;
  /** Every predicate applied and where, for cache keys and cached reads: '' when none applied. */
  signature: string;
}

/** Checks one clause as adhoc SQL is checked for the engine; throws the caller's 400, returns the text. */
export type ClauseCheck = (clause: string) => string;

const lower = (text: string | null) => (text === null ? null : text.toLowerCase());

/** A rule matched through a physical dataset over this table (the schema only decides when both name one). */
function readsTable(rule: ApplicableRuleRow, ref: TableRef): boolean {
  if (!rule.physical || lower(rule.table_name) !== lower(ref.table)) return false;
  return ref.schema === null || rule.schema === null || lower(ref.schema) === lower(rule.schema);
}

function unique<T extends { id: number }>(rules: readonly T[]): T[] {
  return rules.filter((rule, index) => rules.findIndex((other) => other.id === rule.id) === index);
}

/**
 * The caller's row level security on one query's source (issue #15 item 5). Rules on the dataset, and
 * rules on any physical dataset over the same table, go to the outer WHERE; for a virtual dataset, each
 * table its SQL reads is replaced by that table filtered by its rules (`wrapTables`), so neither custom
 * SQL around the dataset nor a dataset of one's own over the table sees other rows. `requestClauses` are
 * clauses that come with the request rather than from stored rules — a guest token's `rls` entries
 * (issue #15 item 4 hands them in): those without a dataset, or naming this one, are ANDed on.
 * Every clause is checked by `check`; SQL whose tables cannot be read for certain is refused when any
 * rule of its database could apply.
 */
export async function secureSource(
  db: MetadataDb,
  principal: Principal,
  scope: RlsScope,
  check: ClauseCheck,
  requestClauses: readonly RequestRlsClause[] = [],
): Promise<SecuredSource> {
  let refs: TableRef[] | null = scope.table ? [scope.table] : [];
  let unreadable: string | null = null;
  if (scope.virtualSql !== null) {
    const read = wrapTables(scope.virtualSql, scope.engine, () => null);
    if ('refusal' in read) {
      refs = null;
      unreadable = read.refusal;
    } else refs = read.tables;
  }
  const { rules, roles } = await rlsSnapshot(db);
  // Rules on the dataset, and on physical datasets of its database over a table it reads (any, when
  // the tables are not known).
  const names = refs === null ? null : new Set(refs.map((ref) => ref.table.toLowerCase()));
  const applying = rules.filter(
    (rule) =>
      (rule.dataset_id === scope.datasetId ||
        (rule.physical &&
          rule.database_id === scope.databaseId &&
          (names === null || names.has(rule.table_name.toLowerCase())))) &&
      ruleApplies({ ...rule, roles: roles.get(rule.id) ?? [] }, principal.roles),
  );
  const own = unique(
    applying.filter(
      (rule) =>
        rule.dataset_id === scope.datasetId || (scope.table !== null && readsTable(rule, scope.table)),
    ),
  );
  const fromRequest = requestClauses
    .filter((entry) => entry.dataset === undefined || entry.dataset === scope.datasetId)
    // Negative ids keep request clauses apart from stored rules and each in its own group.
    .map((entry, index) => ({ id: -1 - index, group_key: null, clause: entry.clause }));
  const where = combineClauses([...fromRequest, ...own], check);

  let virtualSql = scope.virtualSql;
  const perTable: [string, string][] = [];
  if (virtualSql !== null && applying.some((rule) => rule.physical)) {
    if (unreadable !== null)
      throw sip40Error(
        400,
        'INVALID_SQL_ERROR',
        `Row level security cannot be applied to the dataset's SQL: ${unreadable}`,
      );
    const wrapped = wrapTables(virtualSql, scope.engine, (ref) => {
      const predicate = combineClauses(unique(applying.filter((rule) => readsTable(rule, ref))), check);
      if (predicate !== null) perTable.push([`${ref.schema ?? ''}.${ref.table}`, predicate]);
      return predicate;
    });
    if ('refusal' in wrapped)
      throw sip40Error(
        400,
        'INVALID_SQL_ERROR',
        `Row level security cannot be applied to the dataset's SQL: ${wrapped.refusal}`,
      );
    virtualSql = wrapped.sql;
  }
  const signature = where === null && perTable.length === 0 ? '' : JSON.stringify({ where, perTable });
  return { where, virtualSql, signature };
}
