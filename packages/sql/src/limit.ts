import { isStatementSelect } from './classify';
import { isPunct, isWord, tokenize } from './lexer';
import type { Token } from './lexer';
import type { Engine, LimitResult } from './types';

/**
 * Row limit of one statement, per the reference's execute pipeline: the effective limit is the
 * smaller of a top-level LIMIT / FETCH FIRST in the SQL and the requested `queryLimit` (which the
 * caller has already capped at SQL_MAX_ROW). The SQL is returned unchanged: the executor reads
 * limit+1 rows from a cursor and turns DROPDOWN/QUERY into NOT_LIMITED when fewer came back.
 * Statements that are not SELECT-like are not limited here (factor UNKNOWN).
 */
export function applyLimit(statementText: string, engine: Engine, queryLimit: number): LimitResult {
  const { tokens } = tokenize(statementText, engine);
  if (!isStatementSelect(tokens, engine)) {
    return { sql: statementText, limit: queryLimit, limitingFactor: 'UNKNOWN', sqlLimit: null };
  }
  const sqlLimit = findTopLevelLimit(tokens, engine);
  if (sqlLimit === null || sqlLimit > queryLimit) {
    return { sql: statementText, limit: queryLimit, limitingFactor: 'DROPDOWN', sqlLimit };
  }
  return {
    sql: statementText,
    limit: sqlLimit,
    limitingFactor: sqlLimit < queryLimit ? 'QUERY' : 'QUERY_AND_DROPDOWN',
    sqlLimit,
  };
}

/** Index of the ")" that closes the "(" at `open`, or -1. */
function matchingParen(tokens: readonly Token[], open: number): number {
  const depth = tokens[open]?.depth ?? 0;
  for (let i = open + 1; i < tokens.length; i += 1) {
    if (isPunct(tokens[i], ')') && tokens[i]?.depth === depth) return i;
  }
  return -1;
}

function integerAt(token: Token | undefined): number | null {
  if (token?.kind !== 'number') return null;
  const digits = token.value.replace(/_/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/** An expression ends where the next clause or the statement does. */
function endsValue(token: Token | undefined): boolean {
  return token === undefined || token.kind === 'word' || isPunct(token, ')') || isPunct(token, ';');
}

/**
 * The row count of the LIMIT or FETCH FIRST clause at the statement's own level (not in a
 * subquery or CTE), or null when there is none or it is not a plain integer (LIMIT ALL, a
 * parameter, an expression, DuckDB's LIMIT 10%).
 */
export function findTopLevelLimit(tokens: readonly Token[], engine: Engine): number | null {
  // A statement wrapped whole in parentheses keeps its clauses one level down.
  let lo = 0;
  let hi = tokens.length - 1;
  while (isPunct(tokens[lo], '(') && matchingParen(tokens, lo) === hi) {
    lo += 1;
    hi -= 1;
  }
  const depth = tokens[lo]?.depth ?? 0;
  let found: number | null = null;
  for (let i = lo; i <= hi; i += 1) {
    const token = tokens[i];
    if (token?.depth !== depth || token.kind !== 'word' || isPunct(tokens[i - 1], '.')) continue;
    if (token.value === 'LIMIT') {
      const first = integerAt(tokens[i + 1]);
      // MySQL and SQLite: LIMIT offset, count.
      if (isPunct(tokens[i + 2], ',') && (engine === 'mysql' || engine === 'sqlite')) {
        const count = integerAt(tokens[i + 3]);
        found = first !== null && count !== null && endsValue(tokens[i + 4]) ? count : null;
      } else {
        found = first !== null && endsValue(tokens[i + 2]) ? first : null;
      }
    } else if (token.value === 'FETCH' && isWord(tokens[i + 1], 'FIRST', 'NEXT')) {
      const count = tokens[i + 2];
      if (isWord(count, 'ROW', 'ROWS')) found = 1;
      else
        found = integerAt(count) !== null && isWord(tokens[i + 3], 'ROW', 'ROWS') ? integerAt(count) : null;
    }
  }
  return found;
}
