import { isPunct, isWord } from './lexer';
import type { Token } from './lexer';

/**
 * Something in a table position (after FROM, JOIN, INTO, UPDATE, TABLE, USING, or a comma in a
 * FROM list): a possibly qualified name, a table function, or a string literal (which DuckDB
 * reads as a file path).
 */
export type TableRefToken =
  | { kind: 'name'; parts: string[]; tokens: Token[] }
  | { kind: 'function'; parts: string[]; tokens: Token[] }
  | { kind: 'string'; literal: string; tokens: Token[] };

/** FROM inside these calls is part of the call: EXTRACT(YEAR FROM ts), SUBSTRING(s FROM 2), ... */
const CALLS_USING_FROM = new Set([
  'EXTRACT',
  'SUBSTRING',
  'SUBSTR',
  'TRIM',
  'OVERLAY',
  'POSITION',
  'NORMALIZE',
]);

/** Words that end a FROM list at their depth. */
const FROM_LIST_ENDS = new Set([
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
  'SELECT',
  'SET',
  'RETURNING',
  'VALUES',
  'FOR',
  'INTO',
  'LOCK',
  'PIVOT',
  'UNPIVOT',
]);

/** Words that may precede the table in a table position and are not part of its name. */
const TABLE_PREFIXES = new Set(['LATERAL', 'ONLY', 'IF', 'NOT', 'EXISTS', 'TEMP', 'TEMPORARY']);

/** How a name part reads in the source: quoted identifiers unescaped, words as written. */
function namePart(token: Token, text: string): string {
  return token.kind === 'quoted' ? token.value : text.slice(token.start, token.end);
}

/** Scans one statement's tokens (from `text`) for table references. */
export function scanTableRefs(tokens: readonly Token[], text: string): TableRefToken[] {
  const refs: TableRefToken[] = [];
  const inFromList = new Map<number, boolean>();
  const openers: string[] = [];

  const readRef = (start: number, intoTarget: boolean): void => {
    let j = start;
    while (isWord(tokens[j], ...TABLE_PREFIXES)) j += 1;
    const first = tokens[j];
    if (!first) return;
    if (first.kind === 'string') {
      refs.push({ kind: 'string', literal: first.value, tokens: [first] });
      return;
    }
    if (first.kind !== 'word' && first.kind !== 'quoted') return;
    const nameTokens: Token[] = [first];
    let k = j + 1;
    while (isPunct(tokens[k], '.') && (tokens[k + 1]?.kind === 'word' || tokens[k + 1]?.kind === 'quoted')) {
      const part = tokens[k + 1];
      if (part) nameTokens.push(part);
      k += 2;
    }
    const parts = nameTokens.map((t) => namePart(t, text));
    if (!intoTarget && isPunct(tokens[k], '(')) refs.push({ kind: 'function', parts, tokens: nameTokens });
    else refs.push({ kind: 'name', parts, tokens: nameTokens });
  };

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token) continue;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (isPunct(token, '(')) {
      openers.push(prev?.kind === 'word' ? prev.value : '');
      inFromList.set(token.depth + 1, false);
      continue;
    }
    if (isPunct(token, ')')) {
      openers.pop();
      inFromList.delete(token.depth + 1);
      continue;
    }
    if (isPunct(token, ',')) {
      if (inFromList.get(token.depth)) readRef(i + 1, false);
      continue;
    }
    if (token.kind !== 'word' || isPunct(prev, '.')) continue;
    switch (token.value) {
      case 'FROM':
        if (isWord(prev, 'DISTINCT') || CALLS_USING_FROM.has(openers[openers.length - 1] ?? '')) break;
        inFromList.set(token.depth, true);
        readRef(i + 1, false);
        break;
      case 'JOIN':
        inFromList.set(token.depth, true);
        readRef(i + 1, false);
        break;
      case 'INTO':
        // MySQL's INTO OUTFILE / DUMPFILE / @var name no table.
        if (!isWord(next, 'OUTFILE', 'DUMPFILE') && next?.kind !== 'operator') readRef(i + 1, true);
        inFromList.set(token.depth, false);
        break;
      case 'UPDATE':
        // Not FOR UPDATE, ON DUPLICATE KEY UPDATE or ON CONFLICT DO UPDATE.
        if (!isWord(prev, 'FOR', 'KEY', 'DO', 'NO') && !isWord(next, 'SET') && !isPunct(next, '(')) {
          readRef(i + 1, true);
        }
        break;
      case 'TABLE':
        if (!isPunct(next, '(')) readRef(i + 1, true);
        break;
      case 'USING':
        if (!isPunct(next, '(')) readRef(i + 1, false);
        break;
      default:
        if (FROM_LIST_ENDS.has(token.value)) inFromList.set(token.depth, false);
    }
  }
  return refs;
}

/** Names defined by the WITH clauses of a statement (they shadow tables of the same name). */
export function cteNames(tokens: readonly Token[], text: string): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token?.kind !== 'word' && token?.kind !== 'quoted') continue;
    const prev = tokens[i - 1];
    if (!isWord(prev, 'WITH', 'RECURSIVE') && !isPunct(prev, ',')) continue;
    let j = i + 1;
    if (isPunct(tokens[j], '(')) {
      const depth = tokens[j]?.depth ?? 0;
      j += 1;
      while (j < tokens.length && !(isPunct(tokens[j], ')') && tokens[j]?.depth === depth)) j += 1;
      j += 1;
    }
    if (!isWord(tokens[j], 'AS')) continue;
    j += 1;
    while (isWord(tokens[j], 'NOT', 'MATERIALIZED')) j += 1;
    if (isPunct(tokens[j], '(')) names.add(namePart(token, text).toLowerCase());
  }
  return names;
}
