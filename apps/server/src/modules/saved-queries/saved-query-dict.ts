import type { SavedQuery, SavedQueryWriteResponse, TagRef } from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import { engineOfBackend } from '../queries/query-dict';
import { extractTables } from '@tessera/sql';
import type { SavedQueryRow, SavedQueryView } from './saved-queries.repo';

function userRef(
  id: number | null,
  firstName: string | null,
  lastName: string | null,
): SavedQuery['created_by'] {
  if (id === null || firstName === null || lastName === null) return null;
  return { id, first_name: firstName, last_name: lastName };
}

function sqlTables(view: SavedQueryView): SavedQuery['sql_tables'] {
  const engine = engineOfBackend(view.backend);
  if (engine === null) return [];
  return extractTables(view.sql, engine).map((ref) => ({
    catalog: null,
    schema: ref.schema,
    table: ref.table,
  }));
}

/** The list and show form of reference §2.5. */
export function toSavedQuery(view: SavedQueryView, tags: TagRef[], now: number = Date.now()): SavedQuery {
  return {
    id: view.id,
    label: view.label,
    description: view.description,
    sql: view.sql,
    catalog: view.catalog,
    schema: view.schema,
    db_id: view.db_id,
    database: { id: view.db_id, database_name: view.database_name },
    template_parameters: view.template_parameters,
    extra_json: view.extra_json,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_by: userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name),
    created_on: view.created_on,
    changed_on: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on, now),
    sql_tables: sqlTables(view),
    tags,
  };
}

/** What POST and PUT answer: the stored writable columns. */
export function toWriteResponse(row: SavedQueryRow): SavedQueryWriteResponse {
  return {
    id: row.id,
    result: {
      db_id: row.db_id,
      label: row.label,
      description: row.description,
      catalog: row.catalog,
      schema: row.schema,
      sql: row.sql,
      template_parameters: row.template_parameters,
      extra_json: row.extra_json,
    },
  };
}
