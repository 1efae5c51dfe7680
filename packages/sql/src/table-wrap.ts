import { quoteIdentifier } from './ctas';
import { isWord, lexVariants, tokenize, type Token } from './lexer';
import { splitTokenRuns } from './split';
import { scanTableRefs } from './table-refs';
import type { Engine, TableRef } from './types';

/** Words that may follow a table in a FROM list without being its alias. */
const NOT_AN_ALIAS = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'QUALIFY',
  'WINDOW',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'FULL',
  'CROSS',
  'NATURAL',
  'OUTER',
  'ON',
  'USING',
  'FOR',
  'LATERAL',
  'SAMPLE',
  'TABLESAMPLE',
  'USE',
  'FORCE',
  'IGNORE',
  'PIVOT',
  'UNPIVOT',
  'POSITIONAL',
  'ASOF',
  'ANTI',
  'SEMI',
  'SELECT',
]);

export type WrapTablesResult = { sql: string; tables: TableRef[] } | { refusal: string };

interface FoundRef {
  ref: TableRef;
  start: number;
  end: number;
  hasAlias: boolean;
}

/**
 * The plain names in table positions (not table functions or files), with their places. CTE names are
 * kept: a CTE's body may name the table it shadows (`WITH t AS (SELECT * FROM t)`), and filtering a
 * CTE that lacks the clause's columns fails rather than leaks.
 */
function refsOf(text: string, tokens: readonly Token[]): FoundRef[] {
  const found: FoundRef[] = [];
  for (const run of splitTokenRuns(tokens)) {
    for (const ref of scanTableRefs(run, text)) {
      if (ref.kind !== 'name') continue;
      const table = ref.parts[ref.parts.length - 1];
      const first = ref.tokens[0];
      const last = ref.tokens[ref.tokens.length - 1];
      if (table === undefined || !first || !last) continue;
      const schema = ref.parts.length >= 2 ? (ref.parts[ref.parts.length - 2] ?? null) : null;
      const next = run[run.indexOf(last) + 1];
      const hasAlias =
        next !== undefined &&
        (next.kind === 'quoted' ||
          (next.kind === 'word' && !NOT_AN_ALIAS.has(next.value)) ||
          isWord(next, 'AS'));
      found.push({ ref: { schema, table }, start: first.start, end: last.end, hasAlias });
    }
  }
  return found;
}

const placesOf = (refs: readonly FoundRef[]): string =>
  refs.map((ref) => `${ref.start}-${ref.end}`).join(',');

/**
 * Row level security for SQL that reads tables (a virtual dataset's): every plain table reference
 * for which `predicateOf` gives a predicate becomes `(SELECT * FROM <name> WHERE <predicate>)`, keeping
 * its alias or taking the table's name as one, so the rest of the statement reads the filtered rows.
 * Refused when the engine's lexical readings (backslash escapes, comment nesting) find different table
 * references: text that hides a table from one reading must not escape the filter. Predicates are the
 * caller's, already checked.
 */
export function wrapTables(
  sql: string,
  engine: Engine,
  predicateOf: (ref: TableRef) => string | null,
): WrapTablesResult {
  let reading: FoundRef[] | null = null;
  for (const options of lexVariants(engine)) {
    const { tokens, unterminated, refusal } = tokenize(sql, engine, options);
    if (refusal) return { refusal: refusal.message };
    if (unterminated) return { refusal: 'a string, quoted name or comment is not closed.' };
    const refs = refsOf(sql, tokens);
    if (reading === null) reading = refs;
    else if (placesOf(reading) !== placesOf(refs))
      return { refusal: 'the SQL reads differently under the database settings.' };
  }
  const refs = reading ?? [];
  let out = '';
  let at = 0;
  for (const found of refs) {
    const predicate = predicateOf(found.ref);
    if (predicate === null) continue;
    const name = sql.slice(found.start, found.end);
    const alias = found.hasAlias ? '' : ` AS ${quoteIdentifier(found.ref.table, engine)}`;
    out += `${sql.slice(at, found.start)}(SELECT * FROM ${name} WHERE ${predicate})${alias}`;
    at = found.end;
  }
  out += sql.slice(at);
  return { sql: out, tables: refs.map((found) => found.ref) };
}

/** The plain tables `sql` reads, when every lexical reading agrees on them (else null). */
export function readTables(sql: string, engine: Engine): TableRef[] | null {
  const result = wrapTables(sql, engine, () => null);
  return 'refusal' in result ? null : result.tables;
}
