import { ADHOC_FUNCTIONS, PARAMETERISED_TYPES } from './function-allow-list';
import { identifierName, isPunct, isWord } from './lexer';
import type { Token } from './lexer';
import type { Engine } from './types';

/**
 * Checks shared by every place that pastes a user's SQL expression into a generated query (chart
 * data's adhoc metrics, filters and columns; datasets' calculated columns and metrics). They run
 * on the tokens of one lexer reading; callers run them on every reading of `lexVariants`.
 */

/** Words that start or join a whole query wherever they appear. */
const QUERY_WORDS = new Set([
  'SELECT',
  'WITH',
  'VALUES',
  'TABLE',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'LATERAL',
  'EXISTS',
]);
/** DuckDB statements that also read tables when parenthesised: (PIVOT t ...), (DESCRIBE t), ... */
const DUCKDB_QUERY_WORDS = new Set(['PIVOT', 'UNPIVOT', 'SUMMARIZE', 'DESCRIBE', 'SHOW']);
/** Statement leads that make a parenthesised subquery in DuckDB: (DESC t), (EXPLAIN ...), ... */
const PAREN_QUERY_LEADS = new Set([
  'DESC',
  'DESCRIBE',
  'EXPLAIN',
  'SHOW',
  'SUMMARIZE',
  'PIVOT',
  'UNPIVOT',
  'CALL',
  'PRAGMA',
]);
/** Calls whose parentheses may hold FROM as part of their own syntax: EXTRACT(YEAR FROM ts), ... */
const FROM_CALLS = new Set(['EXTRACT', 'SUBSTRING', 'TRIM', 'OVERLAY']);

/**
 * The first subquery form in `tokens`, described for a message, or null: a query word anywhere
 * (SELECT, WITH, VALUES, TABLE, set operators, LATERAL, EXISTS), and FROM outside the calls whose
 * syntax uses it and `IS [NOT] DISTINCT FROM`, which covers DuckDB's FROM-first `(FROM t)`.
 * `WITH TIME ZONE` after a type is not a query.
 */
export function findSubquery(tokens: readonly Token[], engine: Engine): string | null {
  const openers: (Token | undefined)[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token) continue;
    if (isPunct(token, '(')) openers.push(tokens[i - 1]);
    if (isPunct(token, ')')) openers.pop();
    if (token.kind !== 'word') continue;
    const word = token.value;
    if (word === 'WITH' && isWord(tokens[i + 1], 'TIME') && isWord(tokens[i + 2], 'ZONE')) continue;
    if (QUERY_WORDS.has(word)) return word;
    if (isPunct(tokens[i - 1], '(') && PAREN_QUERY_LEADS.has(word)) return word;
    if (word === 'FROM') {
      if (isWord(tokens[i - 1], 'DISTINCT')) continue;
      const opener = openers[openers.length - 1];
      if (opener?.kind === 'word' && FROM_CALLS.has(opener.value) && !isPunct(tokens[i - 1], '(')) continue;
      if (opener?.kind === 'word' && opener.value === 'TRIM') continue; // TRIM(FROM x)
      return 'FROM';
    }
    if (engine === 'duckdb' && DUCKDB_QUERY_WORDS.has(word)) return word;
  }
  return null;
}

/** Keywords that may stand right before "(" without being a function call. */
const KEYWORDS_BEFORE_PAREN = new Set([
  'AND',
  'OR',
  'NOT',
  'XOR',
  'IN',
  'ANY',
  'ALL',
  'SOME',
  'IS',
  'ILIKE',
  'SIMILAR',
  'TO',
  'BETWEEN',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'DISTINCT',
  'BY',
  'OVER',
  'FILTER',
  'WHERE',
  'GROUP',
  'ROW',
  'ARRAY',
  'INTERVAL',
  'ESCAPE',
  'AS',
  'ON',
  'AT',
  'ZONE',
  'ASC',
  'DESC',
  'USING',
  'FOR',
  'PLACING',
  'AGAINST',
  'MATCH',
  'NULLS',
  'PARTITION',
  'ORDER',
  'ROWS',
  'RANGE',
  'GROUPS',
  'PRECEDING',
  'FOLLOWING',
  'CURRENT',
  'UNBOUNDED',
]);

/**
 * The first function `tokens` call that is not on the engine's allow-list (its name as written,
 * lower-case), or null. A call is a name right before "(" that is not a keyword of the
 * expression grammar or a type after AS / `::`. Qualified names are refused except
 * `pg_catalog.<allowed>` in PostgreSQL and DuckDB's `x.<allowed>()` method syntax.
 */
export function findDisallowedFunction(tokens: readonly Token[], engine: Engine): string | null {
  const allowed = ADHOC_FUNCTIONS[engine];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!isPunct(tokens[i + 1], '(') || !token) continue;
    // A string before "(" is a name in MySQL's ANSI_QUOTES mode; nothing legitimate looks like it.
    if (token.kind === 'string') return token.value;
    if (token.kind !== 'word' && token.kind !== 'quoted') continue;
    const name = identifierName(token) ?? '';
    const previous = tokens[i - 1];
    if (token.kind === 'word' && KEYWORDS_BEFORE_PAREN.has(token.value)) continue;
    // GLOB, LIKE, REGEXP, MOD, DIV are operators after an operand and functions elsewhere
    // (DuckDB's glob() lists files).
    if (token.kind === 'word' && INFIX_OR_FUNCTION.has(token.value) && endsOperand(tokens, i - 1)) continue;
    const qualified = isPunct(previous, '.');
    if (!qualified && (isWord(previous, 'AS') || isCastOperator(tokens, i - 1))) continue;
    if (!qualified && PARAMETERISED_TYPES.has(name)) continue;
    if (!allowed.has(name)) return name;
    if (qualified) {
      const schema = identifierName(tokens[i - 2]);
      const pgCatalog = engine === 'postgresql' && schema === 'pg_catalog' && !isPunct(tokens[i - 3], '.');
      if (!pgCatalog && engine !== 'duckdb') return `${schema ?? ''}.${name}`;
    }
  }
  return null;
}

/** Keywords that are infix operators after an operand but function calls elsewhere. */
const INFIX_OR_FUNCTION = new Set(['LIKE', 'GLOB', 'REGEXP', 'RLIKE', 'MOD', 'DIV']);

/**
 * Whether tokens[index] ends an operand, so a keyword after it is an infix operator; `x NOT LIKE`
 * looks past the NOT.
 */
function endsOperand(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (!token) return false;
  if (isWord(token, 'NOT')) return endsOperand(tokens, index - 1);
  if (isPunct(token, ')')) return true;
  if (token.kind === 'word') return !KEYWORDS_BEFORE_PAREN.has(token.value) || token.value === 'END';
  return (
    token.kind === 'quoted' || token.kind === 'string' || token.kind === 'number' || token.kind === 'param'
  );
}

/** True when tokens[end-1], tokens[end] are the two ":" of PostgreSQL/DuckDB's `::` cast. */
function isCastOperator(tokens: readonly Token[], end: number): boolean {
  const second = tokens[end];
  const first = tokens[end - 1];
  return (
    second?.kind === 'operator' &&
    second.value === ':' &&
    first?.kind === 'operator' &&
    first.value === ':' &&
    first.end === second.start
  );
}
