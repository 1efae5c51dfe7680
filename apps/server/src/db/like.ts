import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards so user text matches literally (with `escape '\'`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "column contains text", the same on SQLite and PostgreSQL. */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}
