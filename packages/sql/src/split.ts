import { isPunct, isWord, tokenize } from './lexer';
import type { LexOptions, Token } from './lexer';
import type { Engine, Statement } from './types';

/**
 * Splits a script into statements on semicolons outside strings and comments. Empty and
 * comment-only statements are dropped.
 *
 * A semicolon splits at any parenthesis depth (no engine accepts one inside parentheses, and
 * splitting there keeps a stray "(" from hiding the next statement), except inside CREATE
 * statements, whose routine and trigger bodies (BEGIN ... END) hold semicolons of their own.
 */
export function splitStatements(sql: string, engine: Engine, options?: LexOptions): Statement[] {
  const { tokens } = tokenize(sql, engine, options);
  const lineStarts = computeLineStarts(sql);
  return splitTokenRuns(tokens).map((run, index) => {
    const first = run[0];
    const last = run[run.length - 1];
    const start = first?.start ?? 0;
    const end = last?.end ?? start;
    const { line, column } = position(lineStarts, start);
    return { index, text: sql.slice(start, end), start, end, line, column };
  });
}

/** Groups the tokens of a script into one run per statement (semicolons left out). */
export function splitTokenRuns(tokens: readonly Token[]): Token[][] {
  const runs: Token[][] = [];
  let current: Token[] = [];
  let depth = 0;
  let creating = false;
  let routine = false;
  let blockDepth = 0;

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token) continue;
    if (isPunct(token, ';')) {
      if (creating && (depth > 0 || blockDepth > 0)) {
        current.push(token);
        continue;
      }
      if (current.length > 0) runs.push(current);
      current = [];
      depth = 0;
      creating = false;
      routine = false;
      blockDepth = 0;
      continue;
    }
    if (current.length === 0) creating = isWord(token, 'CREATE');
    if (isPunct(token, '(')) depth += 1;
    else if (isPunct(token, ')')) depth = Math.max(0, depth - 1);
    else if (creating) {
      if (isWord(token, 'TRIGGER', 'FUNCTION', 'PROCEDURE', 'EVENT')) routine = true;
      if (routine && isWord(token, 'BEGIN', 'CASE')) blockDepth += 1;
      // MySQL closes IF / LOOP / WHILE / REPEAT blocks with "END <keyword>"; only BEGIN and CASE were counted.
      else if (routine && isWord(token, 'END') && !isWord(tokens[i + 1], 'IF', 'LOOP', 'WHILE', 'REPEAT')) {
        blockDepth = Math.max(0, blockDepth - 1);
      }
    }
    current.push(token);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

function computeLineStarts(sql: string): number[] {
  const starts = [0];
  for (let i = 0; i < sql.length; i += 1) {
    const ch = sql[i];
    if (ch === '\n' || (ch === '\r' && sql[i + 1] !== '\n')) starts.push(i + 1);
  }
  return starts;
}

function position(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (lineStarts[lo] ?? 0) + 1 };
}
