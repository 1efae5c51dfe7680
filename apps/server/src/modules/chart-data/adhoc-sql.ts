import type { Engine } from '@tessera/contracts';
import {
  findDeniedFunctions,
  findDisallowedFunction,
  findSubquery,
  lexVariants,
  tokenize,
} from '@tessera/sql';
import { ChartDataError } from './chart-data-error';

export const SUBQUERY_MESSAGE = 'Custom SQL fields cannot contain sub-queries.';

/** Set operators: even where subqueries are allowed, one at the top level ends the expression. */
const SET_OPERATORS = new Set(['UNION', 'INTERSECT', 'EXCEPT']);
/** Words that end the surrounding SELECT or turn it into something else. */
const STATEMENT_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'DROP',
  'CREATE',
  'ALTER',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
  'INTO',
  'MERGE',
  'COPY',
  'CALL',
  'EXEC',
  'EXECUTE',
  'ATTACH',
  'DETACH',
  'PRAGMA',
  'SET',
  'LOCK',
]);

function invalid(what: string, reason: string): ChartDataError {
  return ChartDataError.sip40(400, 'INVALID_SQL_ERROR', `Invalid SQL in ${what}: ${reason}`);
}

/**
 * Checks one adhoc SQL fragment (WHERE, HAVING, a SQL metric, column or filter) before it is put
 * into a generated SELECT: a single expression with balanced parentheses, no statement separator,
 * no comment (a comment could hide the rest of the generated query), no statement keyword, no
 * subquery in any form unless ALLOW_ADHOC_SUBQUERY, only functions on the engine's allow-list, and
 * no deny-listed function. Every lexical reading of the engine (backslash escapes, nested
 * comments) must pass, and text the lexer refuses (MySQL executable comments) is refused.
 * Returns the trimmed fragment.
 */
export function checkAdhocSql(
  fragment: string,
  engine: Engine,
  what: string,
  options: { allowSubquery: boolean },
): string {
  const text = fragment.trim();
  if (text === '') throw invalid(what, 'the expression is empty.');
  for (const lexOptions of lexVariants(engine)) {
    const { tokens, unterminated, refusal } = tokenize(text, engine, lexOptions);
    if (refusal) throw invalid(what, refusal.message);
    if (unterminated) throw invalid(what, 'a string, quoted name or comment is not closed.');
    let depth = 0;
    let previousEnd = 0;
    for (const token of tokens) {
      // Tokens cover everything but whitespace and comments, so a non-blank gap is a comment.
      if (text.slice(previousEnd, token.start).trim() !== '')
        throw invalid(what, 'comments are not allowed.');
      previousEnd = token.end;
      if (token.kind === 'punct' && token.value === ';')
        throw invalid(what, 'only a single expression is allowed.');
      if (token.kind === 'punct' && token.value === '(') depth += 1;
      if (token.kind === 'punct' && token.value === ')') {
        depth -= 1;
        if (depth < 0) throw invalid(what, 'parentheses are not balanced.');
      }
      if (token.kind !== 'word') continue;
      if (SET_OPERATORS.has(token.value) && token.depth === 0)
        throw invalid(what, 'only a single expression is allowed.');
      if (STATEMENT_WORDS.has(token.value)) throw invalid(what, `${token.value} is not allowed here.`);
    }
    if (text.slice(previousEnd).trim() !== '') throw invalid(what, 'comments are not allowed.');
    if (depth !== 0) throw invalid(what, 'parentheses are not balanced.');
    if (!options.allowSubquery && findSubquery(tokens, engine) !== null)
      throw ChartDataError.sip40(400, 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', SUBQUERY_MESSAGE);
    const unknown = findDisallowedFunction(tokens, engine);
    if (unknown !== null) throw invalid(what, `the function ${unknown} is not allowed in custom SQL.`);
  }
  const denied = findDeniedFunctions(text, engine);
  if (denied.length > 0) throw invalid(what, `${denied.join(', ')} cannot be used.`);
  return text;
}

/** What `checkAdhocSql` refuses in `fragment`, as its message; null when the fragment passes. */
export function adhocSqlProblem(
  fragment: string,
  engine: Engine,
  what: string,
  options: { allowSubquery: boolean },
): string | null {
  try {
    checkAdhocSql(fragment, engine, what, options);
    return null;
  } catch (error) {
    if (error instanceof ChartDataError) return error.message;
    throw error;
  }
}
