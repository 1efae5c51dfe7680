import type { Engine } from '@tessera/contracts';
import {
  classifyScript,
  findDeniedFunctions,
  findDisallowedFunction,
  findSubquery,
  lexVariants,
  tokenize,
} from '@tessera/sql';

/** Words that would end a select-list item and start another clause or statement. */
const CLAUSE_WORDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'INTO',
  'WINDOW',
  'FETCH',
  'RETURNING',
]);

/**
 * Why `expression` is not one SQL expression a chart query can embed, or null when it is. A
 * calculated column or metric is pasted into every query on the dataset, so it must not end the
 * select item (top-level comma or clause word), comment out the rest, hold a subquery (in any
 * form, see `findSubquery`) or another statement, or call a function that is not on the engine's
 * allow-list or is denied. Every reading of the lexer must agree, and text it refuses is refused.
 */
export function sqlExpressionProblem(expression: string, engine: Engine): string | null {
  if (expression.trim() === '') return 'The expression is empty.';
  if (expression.includes(';')) return 'The expression must not contain a semicolon.';
  for (const options of lexVariants(engine)) {
    const { tokens, unterminated, refusal } = tokenize(expression, engine, options);
    if (refusal) return refusal.message;
    if (unterminated) return 'The expression has an unterminated string, identifier or comment.';
    let depth = 0;
    let previousEnd = 0;
    for (const token of tokens) {
      // The lexer drops comments: any non-blank gap between tokens is one.
      if (expression.slice(previousEnd, token.start).trim() !== '') {
        return 'The expression must not contain comments.';
      }
      previousEnd = token.end;
      if (token.kind === 'punct' && token.value === '(') depth += 1;
      if (token.kind === 'punct' && token.value === ')') {
        depth -= 1;
        if (depth < 0) return 'The expression has unbalanced parentheses.';
      }
      if (token.kind === 'word') {
        const word = token.value.toUpperCase();
        if (depth === 0 && CLAUSE_WORDS.has(word)) {
          return `The expression must be a single SQL expression (found ${word}).`;
        }
      }
      if (depth === 0 && token.kind === 'punct' && token.value === ',') {
        return 'The expression must be a single SQL expression (found a comma outside parentheses).';
      }
    }
    if (expression.slice(previousEnd).trim() !== '') return 'The expression must not contain comments.';
    if (depth !== 0) return 'The expression has unbalanced parentheses.';
    if (findSubquery(tokens, engine) !== null) return 'Subqueries are not allowed in the expression.';
    const unknown = findDisallowedFunction(tokens, engine);
    if (unknown !== null) return `The function ${unknown} is not allowed in a dataset expression.`;
  }
  const script = classifyScript(`SELECT ${expression} AS expression_check`, engine);
  if (script.statements.length !== 1 || !script.readOnly) {
    return 'The expression must be a single read-only SQL expression.';
  }
  const denied = findDeniedFunctions(expression, engine);
  if (denied.length > 0) {
    return `The expression uses functions or objects that are not allowed: ${denied.join(', ')}.`;
  }
  return null;
}
