/**
 * The schema a tab starts on when it has none: 'main' (SQLite, DuckDB), 'public' (PostgreSQL), or the
 * only schema there is. Otherwise none is picked (on MySQL the first name could be a system schema),
 * and the server's default applies.
 */
export function preferredSchema(schemas: readonly string[]): string | null {
  if (schemas.includes('main')) return 'main';
  if (schemas.includes('public')) return 'public';
  return schemas.length === 1 ? (schemas[0] ?? null) : null;
}
