import type { ExecuteRequest } from '@tessera/contracts';
import type { CursorPosition, Query } from '../state';

/** The execute payload for a query, as Superset's client sends it (reference §2.2). */
export function executeRequestFor(query: Query): ExecuteRequest {
  return {
    client_id: query.id,
    database_id: query.dbId,
    json: true,
    runAsync: query.runAsync,
    catalog: query.catalog,
    schema: query.schema,
    sql: query.sql,
    sql_editor_id: query.sqlEditorId,
    tab: query.tab,
    tmp_table_name: query.tempTable,
    select_as_cta: query.ctas,
    ctas_method: query.ctas_method,
    templateParams: query.templateParams,
    queryLimit: query.queryLimit,
    expand_data: true,
  };
}

/** The SQL a Run sends: the selected text when there is any, else the whole editor (spec 000 §5). */
export function sqlToRun(sql: string, selectedText: string | null): string {
  return selectedText !== null && selectedText.trim() !== '' ? selectedText : sql;
}

/** Offset in `text` of a 0-based row and column, clamped to the text. */
export function offsetOf(text: string, position: CursorPosition): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let row = 0; row < Math.min(position.row, lines.length - 1); row += 1) {
    offset += (lines[row]?.length ?? 0) + 1;
  }
  const line = lines[Math.min(position.row, lines.length - 1)] ?? '';
  return offset + Math.min(Math.max(position.column, 0), line.length);
}

/** Template parameters as sent: the editor's JSON text, or null when it is blank. */
export function templateParamsToSend(templateParams: string | null): string | null {
  return templateParams === null || templateParams.trim() === '' ? null : templateParams;
}
