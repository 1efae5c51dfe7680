import type { ExploreDatasource, QueryObject } from '@tessera/contracts';
import { compileQuery, type CompileOptions, type CompiledQuery } from './compile-query';
import { deepFreeze } from './query-context-memo';

/** Option sets remembered per query object and datasource (users with other rules, virtual SQL, offsets). */
const OPTION_SETS = 32;

const compiledQueries = new WeakMap<QueryObject, WeakMap<ExploreDatasource, Map<string, CompiledQuery>>>();
const cacheKeys = new WeakMap<CompiledQuery, Map<string, string>>();

/**
 * `compileQuery` remembered, for the requests that post the same query context again (dashboards,
 * refreshes): its answer is a pure function of the query object, the datasource and the options, and
 * of the time when the query reads it. So an answer is kept only when all of these hold:
 * - the query object is frozen (the query-context memo's, shared by the requests that posted the same
 *   text), and is the key itself: no other object can hit;
 * - the datasource is the key itself: the datasource cache hands out a new object whenever the dataset
 *   or its database changed (and never mutates one it handed out);
 * - every option but `now` is in the key's text: engine, limits, flags, the virtual dataset's SQL as
 *   rendered for this caller (templates with current_user …), the caller's row level security
 *   predicate (stored rules for the caller's roles, guest-token clauses), the time shift;
 * - compiling did not read `now` (no time range, no TEMPORAL_RANGE filter): relative ranges such as
 *   "Last week" are compiled afresh on every request.
 * Kept answers are frozen, as several requests share each.
 */
export function compileQueryMemo(
  query: QueryObject,
  datasource: ExploreDatasource,
  options: Omit<CompileOptions, 'now'>,
  now: Date,
): CompiledQuery {
  // An object, not a let: the getter's write is invisible to TypeScript's narrowing of a local.
  const reads = { now: false };
  const withNow: CompileOptions = {
    ...options,
    get now() {
      reads.now = true;
      return now;
    },
  };
  if (!Object.isFrozen(query)) return compileQuery(query, datasource, withNow);
  const key = JSON.stringify(options);
  let byDatasource = compiledQueries.get(query);
  if (!byDatasource) {
    byDatasource = new WeakMap();
    compiledQueries.set(query, byDatasource);
  }
  let byOptions = byDatasource.get(datasource);
  const known = byOptions?.get(key);
  if (known) return known;
  const compiled = compileQuery(query, datasource, withNow);
  if (reads.now) return compiled;
  if (!byOptions) {
    byOptions = new Map();
    byDatasource.set(datasource, byOptions);
  }
  if (byOptions.size >= OPTION_SETS) byOptions.clear();
  byOptions.set(key, deepFreeze(compiled));
  return compiled;
}

/**
 * A result cache key remembered beside a compiled query object: `parts` names everything the key is
 * made of besides what the compiled object fixes (its SQL, and the query object it was compiled from,
 * with its post-processing). `make` computes the key on a miss. A compiled query that was not
 * remembered is a new object each request, so its keys are simply made each time.
 */
export function cacheKeyMemo(compiled: CompiledQuery, parts: string, make: () => string): string {
  if (!Object.isFrozen(compiled)) return make();
  let byParts = cacheKeys.get(compiled);
  if (!byParts) {
    byParts = new Map();
    cacheKeys.set(compiled, byParts);
  }
  const known = byParts.get(parts);
  if (known !== undefined) return known;
  const key = make();
  if (byParts.size >= OPTION_SETS) byParts.clear();
  byParts.set(parts, key);
  return key;
}
