/** At most this many tables named in the SQL have their columns fetched for completion. */
export const MAX_REFERENCED_TABLES = 8;

const TABLE_AFTER_KEYWORD =
  /\b(?:from|join|into|update|table)\s+((?:"[^"]+"|`[^`]+`|[\w$]+)(?:\s*\.\s*(?:"[^"]+"|`[^`]+`|[\w$]+))?)/gi;

function unquote(name: string): string {
  return name.replace(/^["`]|["`]$/g, '');
}

/**
 * Tables of `known` (the tab's schema) that the SQL names after FROM, JOIN and the like, so their
 * columns can be completed without adding them to the left bar.
 */
export function referencedTables(sql: string, known: readonly string[]): string[] {
  const byLowerName = new Map(known.map((name) => [name.toLowerCase(), name]));
  const found: string[] = [];
  for (const match of sql.matchAll(TABLE_AFTER_KEYWORD)) {
    const parts = (match[1] ?? '').split('.').map((part) => unquote(part.trim()));
    const table = byLowerName.get((parts.at(-1) ?? '').toLowerCase());
    if (table !== undefined && !found.includes(table)) found.push(table);
    if (found.length === MAX_REFERENCED_TABLES) break;
  }
  return found;
}
