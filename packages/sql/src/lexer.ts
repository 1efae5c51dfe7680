import { engineSpec } from './engines';
import type { Engine } from './types';

/**
 * word: unquoted identifier or keyword (value upper-cased, as engines fold it for comparison);
 * quoted: "x", `x`, [x] or PostgreSQL U&"x" identifier (value is the decoded name, exact case);
 * string: any string literal (value is the raw text with quotes).
 */
export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'param' | 'punct' | 'operator';

export interface Token {
  kind: TokenKind;
  value: string;
  start: number;
  end: number;
  /** Parenthesis depth; `(` and `)` carry the depth outside them. */
  depth: number;
}

/**
 * Lexing rules that depend on server settings we cannot see. Callers that guard security lex a
 * statement under every variant of `lexVariants` and require all readings to agree.
 */
export interface LexOptions {
  /** Backslash escapes inside plain '...' strings (MySQL default; PostgreSQL with standard_conforming_strings off). */
  backslashEscapes: boolean;
  /** Block comments nest (PostgreSQL does; MySQL and SQLite do not). */
  nestedComments: boolean;
}

export interface Lexed {
  tokens: Token[];
  /** A string, quoted identifier or block comment ran to the end of the input. */
  unterminated: boolean;
  /**
   * Why the text cannot be read the way the engine reads it (a MySQL executable comment, a bad
   * Unicode escape), or null. Callers treat such text as refused, never as harmless.
   */
  refusal: LexRefusal | null;
}

/** Text the lexer will not vouch for: a short label (for deny-list findings) and a full sentence. */
export interface LexRefusal {
  label: string;
  message: string;
}

export const EXECUTABLE_COMMENT_REFUSAL: LexRefusal = {
  label: 'executable comment /*! */',
  message:
    'MySQL/MariaDB executable comments (/*! ... */, /*M! ... */) are not accepted: the server decides by its version whether their text runs, so the query cannot be checked.',
};
export const UNICODE_ESCAPE_REFUSAL: LexRefusal = {
  label: 'invalid U& escape',
  message: 'A U& name or string holds an invalid Unicode escape or UESCAPE clause.',
};

/** The readings of a text that a server of this engine might use; the first is the default one. */
export function lexVariants(engine: Engine): LexOptions[] {
  return engineSpec(engine).lexReadings.map((reading) => ({ ...reading }));
}

/** The first reason any reading of `sql` is refused by the lexer, or null (see `Lexed.refusal`). */
export function lexRefusal(sql: string, engine: Engine): LexRefusal | null {
  for (const options of lexVariants(engine)) {
    const { refusal } = tokenize(sql, engine, options);
    if (refusal) return refusal;
  }
  return null;
}

export function defaultLexOptions(engine: Engine): LexOptions {
  const [first] = lexVariants(engine);
  return first ?? { backslashEscapes: false, nestedComments: false };
}

const NUMBER_RE =
  /0[xX][0-9A-Fa-f_]*|0[bB][01_]*|0[oO][0-7_]*|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?/y;
const DOLLAR_TAG_RE = /\$(?:[A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*)?\$/y;
const PARAM_RE = /\$\d+/y;

function isWordStart(code: number): boolean {
  // Engines treat every non-ASCII character as an identifier character.
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code >= 0x80;
}

function isWordPart(code: number): boolean {
  return isWordStart(code) || (code >= 48 && code <= 57) || code === 36; // digits and $
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

const PUNCT = new Set(['(', ')', ',', ';', '.', '[', ']', '{', '}']);

/** Turns SQL text into code tokens; comments and whitespace are skipped. Never throws. */
export function tokenize(
  sql: string,
  engine: Engine,
  options: LexOptions = defaultLexOptions(engine),
): Lexed {
  const tokens: Token[] = [];
  const n = sql.length;
  let i = 0;
  let depth = 0;
  let unterminated = false;
  let refusal: LexRefusal | null = null;
  const isMysql = engine === 'mysql';
  const pgLike = engine === 'postgresql' || engine === 'duckdb';

  const push = (kind: TokenKind, value: string, start: number, end: number): void => {
    if (kind === 'punct' && value === ')') depth = Math.max(0, depth - 1);
    tokens.push({ kind, value, start, end, depth });
    if (kind === 'punct' && value === '(') depth += 1;
  };

  /** Reads a quoted run starting at `start` (on the opening quote); returns the index after it. */
  const readQuoted = (start: number, close: string, backslash: boolean): { end: number; body: string } => {
    let j = start + 1;
    let body = '';
    while (j < n) {
      const ch = sql.charAt(j);
      if (backslash && ch === '\\') {
        body += sql.slice(j, j + 2);
        j += 2;
        continue;
      }
      if (ch === close) {
        if (sql[j + 1] === close) {
          body += close;
          j += 2;
          continue;
        }
        return { end: j + 1, body };
      }
      body += ch;
      j += 1;
    }
    unterminated = true;
    return { end: n, body };
  };

  while (i < n) {
    const code = sql.charCodeAt(i);
    const ch = sql[i] ?? '';
    const next = sql[i + 1];

    if (isSpace(code)) {
      i += 1;
      continue;
    }

    // Line comments.
    if (ch === '-' && next === '-') {
      const after = sql.charCodeAt(i + 2);
      // MySQL needs whitespace or a control character after "--"; "1--1" is arithmetic there.
      if (!isMysql || i + 2 >= n || after <= 32) {
        i = skipLine(sql, i);
        continue;
      }
    }
    if (isMysql && ch === '#') {
      i = skipLine(sql, i);
      continue;
    }

    // Block comments. MySQL/MariaDB run the body of /*! ... */ and /*M! ... */ or skip it depending
    // on the server version in the comment, so no single reading exists: the text is refused. The
    // comment is still skipped so the rest of the text lexes as before.
    if (ch === '/' && next === '*') {
      if (isMysql && (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))) {
        refusal ??= EXECUTABLE_COMMENT_REFUSAL;
      }
      i = skipBlockComment(sql, i, options.nestedComments, () => {
        unterminated = true;
      });
      continue;
    }

    // String literals.
    if (ch === "'") {
      const backslash = isMysql
        ? options.backslashEscapes
        : engine === 'postgresql' && options.backslashEscapes;
      const { end } = readQuoted(i, "'", backslash);
      push('string', sql.slice(i, end), i, end);
      i = end;
      continue;
    }
    if (ch === '"') {
      if (isMysql) {
        const { end } = readQuoted(i, '"', options.backslashEscapes);
        push('string', sql.slice(i, end), i, end);
        i = end;
      } else {
        const { end, body } = readQuoted(i, '"', false);
        push('quoted', body, i, end);
        i = end;
      }
      continue;
    }
    if (ch === '`' && (isMysql || engine === 'sqlite')) {
      const { end, body } = readQuoted(i, '`', false);
      push('quoted', body, i, end);
      i = end;
      continue;
    }
    if (ch === '[' && engine === 'sqlite') {
      const close = sql.indexOf(']', i + 1);
      const end = close === -1 ? n : close + 1;
      if (close === -1) unterminated = true;
      push('quoted', sql.slice(i + 1, close === -1 ? n : close), i, end);
      i = end;
      continue;
    }
    if (ch === '$' && pgLike) {
      DOLLAR_TAG_RE.lastIndex = i;
      const tag = DOLLAR_TAG_RE.exec(sql);
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        const end = close === -1 ? n : close + tag[0].length;
        if (close === -1) unterminated = true;
        push('string', sql.slice(i, end), i, end);
        i = end;
        continue;
      }
      PARAM_RE.lastIndex = i;
      const param = PARAM_RE.exec(sql);
      if (param) {
        push('param', param[0], i, i + param[0].length);
        i += param[0].length;
        continue;
      }
    }

    // Numbers (a leading dot counts only when a digit follows).
    if ((code >= 48 && code <= 57) || (ch === '.' && /\d/.test(next ?? ''))) {
      NUMBER_RE.lastIndex = i;
      const m = NUMBER_RE.exec(sql);
      const end = m ? i + m[0].length : i + 1;
      push('number', sql.slice(i, end), i, end);
      i = end;
      continue;
    }

    // PostgreSQL U&"..." names and U&'...' strings with Unicode escapes, optionally followed by
    // UESCAPE 'c': the name is decoded so deny-lists see the function it really calls.
    if (pgLike && (ch === 'U' || ch === 'u') && next === '&' && (sql[i + 2] === '"' || sql[i + 2] === "'")) {
      const quote = sql[i + 2] ?? '"';
      const { end, body } = readQuoted(i + 2, quote, false);
      const clause = readUescape(sql, end, options);
      const decoded = decodeUnicodeEscapes(body, clause?.escape ?? '\\');
      if (decoded === null || clause?.escape === null) refusal ??= UNICODE_ESCAPE_REFUSAL;
      // The token covers the UESCAPE clause too, so statement texts keep it.
      const tokenEnd = clause ? clause.end : end;
      if (quote === '"') push('quoted', decoded ?? body, i, tokenEnd);
      else push('string', sql.slice(i, end), i, tokenEnd);
      i = tokenEnd;
      continue;
    }

    // Words; E'...' is PostgreSQL's escape string, where backslashes always escape.
    if (isWordStart(code) || (isMysql && ch === '$')) {
      let j = i + 1;
      while (j < n && isWordPart(sql.charCodeAt(j))) j += 1;
      const word = sql.slice(i, j);
      if (pgLike && (word === 'E' || word === 'e') && sql[j] === "'") {
        const { end } = readQuoted(j, "'", true);
        push('string', sql.slice(i, end), i, end);
        i = end;
        continue;
      }
      push('word', word.toUpperCase(), i, j);
      i = j;
      continue;
    }
    if (ch === '$' && engine === 'sqlite' && isWordStart(sql.charCodeAt(i + 1))) {
      let j = i + 1;
      while (j < n && isWordPart(sql.charCodeAt(j))) j += 1;
      push('param', sql.slice(i, j), i, j);
      i = j;
      continue;
    }

    if (ch === '?') {
      push('param', '?', i, i + 1);
      i += 1;
      continue;
    }
    if (PUNCT.has(ch)) {
      push('punct', ch, i, i + 1);
      i += 1;
      continue;
    }
    // Anything else is an operator character; one token each is enough for our scans. A lone
    // surrogate or other odd character lands here too and is harmless.
    push('operator', ch, i, i + 1);
    i += 1;
  }
  return { tokens, unterminated, refusal };
}

/**
 * The UESCAPE 'c' clause after a U& literal ending at `from`, if any: its escape character (null
 * when the clause is malformed) and where it ends. Whitespace and comments may come between.
 */
function readUescape(
  sql: string,
  from: number,
  options: LexOptions,
): { escape: string | null; end: number } | null {
  const skipGap = (at: number): number => {
    let j = at;
    for (;;) {
      while (j < sql.length && isSpace(sql.charCodeAt(j))) j += 1;
      if (sql.startsWith('--', j)) j = skipLine(sql, j);
      else if (sql.startsWith('/*', j)) j = skipBlockComment(sql, j, options.nestedComments, () => undefined);
      else return j;
    }
  };
  const keywordAt = skipGap(from);
  const keyword = sql.slice(keywordAt, keywordAt + 7);
  if (keyword.toUpperCase() !== 'UESCAPE' || isWordPart(sql.charCodeAt(keywordAt + 7))) return null;
  const literalAt = skipGap(keywordAt + 7);
  const literal = /'([^'])'/y;
  literal.lastIndex = literalAt;
  const match = literal.exec(sql);
  const escape = match?.[1] ?? null;
  if (!match || escape === null) return { escape: null, end: literalAt };
  const end = literalAt + match[0].length;
  // PostgreSQL refuses hex digits, +, quotes and whitespace as the escape character.
  return { escape: /[0-9A-Fa-f+'"\s]/.test(escape) ? null : escape, end };
}

/** Decodes PostgreSQL Unicode escapes (`\XXXX`, `\+XXXXXX`, doubled escape); null when invalid. */
export function decodeUnicodeEscapes(body: string, escape: string): string | null {
  let out = '';
  let i = 0;
  while (i < body.length) {
    const ch = body.charAt(i);
    if (ch !== escape) {
      out += ch;
      i += 1;
      continue;
    }
    if (body.charAt(i + 1) === escape) {
      out += escape;
      i += 2;
      continue;
    }
    const long = body.charAt(i + 1) === '+';
    const hex = long ? body.slice(i + 2, i + 8) : body.slice(i + 1, i + 5);
    if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== (long ? 6 : 4)) return null;
    const point = Number.parseInt(hex, 16);
    if (point === 0 || point > 0x10ffff) return null;
    out += String.fromCodePoint(point);
    i += long ? 8 : 5;
  }
  // A surrogate pair written as two escapes decodes to two halves that JavaScript joins on its own.
  return out;
}

function skipLine(sql: string, i: number): number {
  let j = i;
  while (j < sql.length && sql[j] !== '\n' && sql[j] !== '\r') j += 1;
  return j;
}

function skipBlockComment(sql: string, i: number, nested: boolean, onUnterminated: () => void): number {
  let level = 1;
  let j = i + 2;
  while (j < sql.length) {
    if (sql[j] === '*' && sql[j + 1] === '/') {
      level -= 1;
      j += 2;
      if (level === 0 || !nested) return j;
      continue;
    }
    if (nested && sql[j] === '/' && sql[j + 1] === '*') {
      level += 1;
      j += 2;
      continue;
    }
    j += 1;
  }
  onUnterminated();
  return sql.length;
}

/** True when `token` is an unquoted word equal to one of `words` (upper-case). */
export function isWord(token: Token | undefined, ...words: string[]): boolean {
  return token?.kind === 'word' && words.includes(token.value);
}

export function isPunct(token: Token | undefined, value: string): boolean {
  return token?.kind === 'punct' && token.value === value;
}

/** A name part: an unquoted word or a quoted identifier; returns its case-folded name. */
export function identifierName(token: Token | undefined): string | null {
  if (!token) return null;
  if (token.kind === 'word') return token.value.toLowerCase();
  if (token.kind === 'quoted') return token.value.toLowerCase();
  return null;
}
