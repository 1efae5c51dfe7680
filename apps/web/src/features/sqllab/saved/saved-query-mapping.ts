import type { SavedQuery, SavedQueryCreate } from '@tessera/contracts';
import type { AddQueryEditorInput } from '../state';
import type { QueryEditor } from '../state';

/** The toasts of spec 000 §8, word for word. */
export const QUERY_SAVED = 'Your query was saved';
export const QUERY_UPDATED = 'Your query was updated';
export const QUERY_SAVE_FAILED = 'Your query could not be saved';
export const QUERY_NOT_PROPERLY_SAVED = 'Your query was not properly saved';
export const QUERY_UPDATE_FAILED = 'Your query could not be updated';
export const SAVED_QUERY_LOAD_FAILED = "The query couldn't be loaded";

/**
 * A tab as a saved query body (spec 000 §3: dbId↔db_id, name↔label, templateParams↔template_parameters).
 * Null when the tab has no database, which a saved query needs.
 */
export function editorToSavedQuery(
  editor: QueryEditor,
  values: { label: string; description: string },
): SavedQueryCreate | null {
  if (editor.dbId === null) return null;
  return {
    db_id: editor.dbId,
    label: values.label,
    description: values.description,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: editor.sql,
    template_parameters: editor.templateParams,
  };
}

/** A saved query as the fields of a new tab (id↔remoteId). */
export function savedQueryToEditor(
  saved: SavedQuery,
): Omit<AddQueryEditorInput, 'defaults' | 'backendPersistence'> {
  return {
    remoteId: saved.id,
    name: saved.label,
    dbId: saved.db_id,
    catalog: saved.catalog,
    schema: saved.schema,
    sql: saved.sql,
    templateParams: saved.template_parameters,
  };
}

/** The saved query id an address names (`?savedQueryId=12`), or null. */
export function savedQueryIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('savedQueryId');
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
