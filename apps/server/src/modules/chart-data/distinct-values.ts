import type { Engine, QueryFilter, QueryObject } from '@tessera/contracts';

/**
 * The distinct values of one column, the way a select filter pages and searches them (issue #13): one
 * group-by column, metrics (a count, or the filter's sort metric), at most one `ILIKE '%text%'` filter on
 * that column, a page of rows from an offset. Every page and every search of such a query is a slice of
 * one list — the same query without the search filter, without paging — so the engine can read that
 * list once and answer the keystrokes from memory instead of scanning the table for each one.
 */
export interface DistinctValuesQuery {
  /** The list every page and search of this column reads from: the search filter removed, one page of all. */
  base: QueryObject;
  column: string;
  /** The text between the `%`s of the column's ILIKE filter; null without one. */
  search: string | null;
  offset: number;
}

/** A search is answered in memory only when its matching cannot differ from the engine's ILIKE. */
const PLAIN_SEARCH = /^[\x20-\x24\x26-\x5b\x5d\x5e\x60-\x7e]+$/;

/** The text of an ILIKE `%text%` value whose text holds no wildcard, escape or non-ASCII character. */
function plainSearchOf(filter: QueryFilter): string | null {
  const value = Array.isArray(filter.val) ? (filter.val.length === 1 ? filter.val[0] : null) : filter.val;
  if (typeof value !== 'string' || value.length < 3) return null;
  if (!value.startsWith('%') || !value.endsWith('%')) return null;
  const text = value.slice(1, -1);
  return PLAIN_SEARCH.test(text) ? text : null;
}

/**
 * The query as a distinct-values query, or null when it is something else, or when a page of it could
 * not be cut from the whole list (series limits, time offsets, post-processing, row counts) or its
 * search could not be matched exactly in memory (wildcards, escapes, non-ASCII text: SQL answers those).
 * `listSize` is the most rows the list may hold; one more is asked so a longer list is known as such.
 */
export function distinctValuesQueryOf(query: QueryObject, listSize: number): DistinctValuesQuery | null {
  const columns = query.columns ?? query.groupby ?? [];
  const [column] = columns;
  if (columns.length !== 1 || typeof column !== 'string') return null;
  if ((query.metrics ?? []).length === 0) return null;
  if (query.is_timeseries === true || query.is_rowcount === true) return null;
  if ((query.time_offsets ?? []).length > 0) return null;
  if ((query.post_processing ?? []).some((step) => step !== null)) return null;
  if ((query.series_limit ?? 0) > 0 || (query.timeseries_limit ?? 0) > 0) return null;
  const filters = query.filters ?? [];
  const searches = filters.filter((filter) => filter.col === column && filter.op === 'ILIKE');
  if (searches.length > 1) return null;
  const [searchFilter] = searches;
  let search: string | null = null;
  if (searchFilter) {
    search = plainSearchOf(searchFilter);
    if (search === null) return null;
  }
  return {
    base: {
      ...query,
      filters: filters.filter((filter) => filter !== searchFilter),
      row_limit: listSize + 1,
      row_offset: 0,
    },
    column,
    search,
    offset: query.row_offset ?? 0,
  };
}

/**
 * Characters outside ASCII that PostgreSQL's and DuckDB's ILIKE lower-case into ASCII letters
 * (U+0130 → i, U+212A Kelvin → k). A list holding one is searched by SQL, so an ASCII search
 * never misses what the engine would find.
 */
const FOLDS_INTO_ASCII = /[\u0130\u212a]/;

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

/**
 * The values of the list's search column lower-cased as the engine's ILIKE compares them, or null when
 * an in-memory search could answer differently from the engine: a value that is not text (ILIKE on
 * numbers is the engine's business), MySQL/MariaDB (collations fold accents too), or a value with a
 * character that Unicode lower-cases into ASCII on engines that fold Unicode. SQLite's LOWER/LIKE fold
 * ASCII only, so there any text is fine.
 */
export function foldedValues(engine: Engine, values: readonly unknown[]): (string | null)[] | null {
  if (engine === 'mysql') return null;
  const folded: (string | null)[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      folded.push(null);
      continue;
    }
    if (typeof value !== 'string') return null;
    if (engine !== 'sqlite' && FOLDS_INTO_ASCII.test(value)) return null;
    folded.push(asciiLower(value));
  }
  return folded;
}

/**
 * The indexes of the first `wanted` rows whose value contains `search` (ASCII, no wildcards) ignoring
 * ASCII case, in list order: `value ILIKE '%search%'`, NULL never matching.
 */
export function matchingRows(
  folded: readonly (string | null)[],
  search: string,
  wanted: number = Number.POSITIVE_INFINITY,
): number[] {
  const needle = asciiLower(search);
  const found: number[] = [];
  for (let index = 0; index < folded.length && found.length < wanted; index += 1) {
    const value = folded[index];
    if (value?.includes(needle)) found.push(index);
  }
  return found;
}
