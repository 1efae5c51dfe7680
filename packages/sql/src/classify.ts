import {
  DDL_LEADS,
  DML_LEADS,
  EXPLAIN_OPTIONS,
  NESTED_DML_WORDS,
  READ_ONLY_PRAGMAS,
  STATEMENT_LEADS,
  WITH_BODY_LEADS,
  WRITING_KEYWORDS,
  selectLeads,
} from './keywords';
import { isPunct, isWord, lexRefusal, lexVariants, tokenize } from './lexer';
import type { LexOptions, Token } from './lexer';
import { astType, findWriteInAst, parseStatement } from './parser';
import { splitStatements, splitTokenRuns } from './split';
import type { Classification, Engine, StatementKind } from './types';

/** Root AST types node-sql-parser gives to reads. */
const READ_AST_TYPES = new Set(['select', 'show', 'desc']);

/**
 * Says what a statement does and whether it is certainly a read. `readOnly` is true only when
 * every reading of the text (see `lexVariants`) agrees it is a single read; text holding several
 * statements is never read-only here (classify each one, or use `classifyScript`).
 */
export function classifyStatement(text: string, engine: Engine): Classification {
  const asts = new Map<string, unknown>();
  const getAst = (statementText: string, maxDepth: number): unknown => {
    if (!asts.has(statementText)) asts.set(statementText, parseStatement(statementText, engine, maxDepth));
    return asts.get(statementText);
  };
  const [primaryOptions, ...otherOptions] = lexVariants(engine);
  const primary = classifyReading(text, engine, primaryOptions, getAst, false);
  if (!primary.readOnly) return primary;
  for (const options of otherOptions) {
    const other = classifyReading(text, engine, options, getAst, true);
    if (!other.readOnly) {
      return {
        kind: primary.kind,
        readOnly: false,
        reason: `under another server setting (${describeOptions(options)}) ${other.reason ?? 'it is not a read'}`,
      };
    }
  }
  return primary;
}

export interface ScriptClassification {
  readOnly: boolean;
  statements: (Classification & { index: number; text: string })[];
}

/** Classifies every statement of a script; the script is read-only when all its statements are. */
export function classifyScript(sql: string, engine: Engine): ScriptClassification {
  const statements = splitStatements(sql, engine).map((statement) => ({
    index: statement.index,
    text: statement.text,
    ...classifyStatement(statement.text, engine),
  }));
  // Split under the other readings too: a statement boundary only one reading sees must not hide a write.
  const agreed = lexVariants(engine).every(
    (options) => splitStatements(sql, engine, options).length === statements.length,
  );
  // A refusal anywhere (a comment after the last statement is in no statement's text) refuses all.
  const refused = lexRefusal(sql, engine) !== null;
  return {
    readOnly: !refused && agreed && statements.length > 0 && statements.every((s) => s.readOnly),
    statements,
  };
}

function describeOptions(options: LexOptions): string {
  return [
    options.backslashEscapes ? 'backslash escapes in strings' : 'no backslash escapes in strings',
    options.nestedComments ? 'nested comments' : 'flat comments',
  ].join(', ');
}

type AstLookup = (text: string, maxDepth: number) => unknown;

/**
 * `tolerateUnterminated` is for the other readings: when one of them sees a single statement
 * that merely ends in an unclosed string ('it\'s' without backslash escapes), a server reading it
 * that way rejects the whole statement as a syntax error, so nothing could run.
 */
function classifyReading(
  text: string,
  engine: Engine,
  options: LexOptions | undefined,
  getAst: AstLookup,
  tolerateUnterminated: boolean,
): Classification {
  const { tokens, unterminated, refusal } = tokenize(text, engine, options);
  if (refusal) return { kind: 'other', readOnly: false, reason: refusal.message };
  const runs = splitTokenRuns(tokens);
  const [first] = runs;
  if (!first) return { kind: 'other', readOnly: false, reason: 'the statement is empty' };
  if (runs.length > 1) {
    const kinds = runs.map((run) => classifyTokens(run, text, engine, getAst));
    const worst = kinds.find((k) => !k.readOnly) ?? kinds[0];
    return {
      kind: worst?.kind ?? 'other',
      readOnly: false,
      reason: `the text holds ${runs.length} statements; each must be checked on its own`,
    };
  }
  const result = classifyTokens(first, text, engine, getAst);
  if (unterminated && result.readOnly && !tolerateUnterminated) {
    return { ...result, readOnly: false, reason: 'a string, quoted name or comment is not closed' };
  }
  return result;
}

function notRead(kind: StatementKind, reason: string): Classification {
  return { kind, readOnly: false, reason };
}

function classifyTokens(tokens: Token[], text: string, engine: Engine, getAst: AstLookup): Classification {
  let leadIndex = 0;
  while (isPunct(tokens[leadIndex], '(')) leadIndex += 1;
  const lead = tokens[leadIndex];
  if (lead?.kind !== 'word') return notRead('other', 'the statement does not start with a keyword');
  const leadWord = lead.value;
  const statementText = text.slice(tokens[0]?.start ?? 0, tokens[tokens.length - 1]?.end ?? text.length);

  if (selectLeads(engine).has(leadWord)) {
    return checkRead('select', tokens, leadIndex, statementText, getAst);
  }
  switch (leadWord) {
    case 'WITH': {
      const body = withBodyKind(tokens, leadIndex);
      if (body === 'dml') return notRead('dml', 'the main statement of this WITH query changes data');
      if (body === null) return notRead('other', 'the main statement of this WITH query was not recognised');
      return checkRead('select', tokens, leadIndex, statementText, getAst);
    }
    case 'SHOW': {
      // SHOW never writes; its variants (SHOW CREATE TABLE ...) are too many for the parser.
      const hazard = structuralHazard(tokens);
      return hazard ? notRead(hazard.kind ?? 'other', hazard.reason) : { kind: 'other', readOnly: true };
    }
    case 'EXPLAIN':
    case 'DESCRIBE':
    case 'DESC':
      return classifyExplain(tokens, leadIndex, text, engine);
    case 'SUMMARIZE':
      if (engine === 'duckdb') return classifyExplain(tokens, leadIndex, text, engine);
      break;
    case 'PRAGMA':
      return classifyPragma(tokens, leadIndex, engine);
    default:
      break;
  }
  if (DML_LEADS.has(leadWord)) return notRead('dml', `${leadWord} statements change data`);
  if (DDL_LEADS.has(leadWord)) return notRead('ddl', `${leadWord} statements change the schema`);
  return notRead('other', `${leadWord} statements are not plain reads`);
}

/**
 * The checks every would-be read goes through. First the lexical hazards, which hold at any depth
 * (INTO, locking reads, data-modifying CTEs). Then the conservative scan: no writing keyword at
 * the statement's top level proves a read. Only when that scan finds one (a column named "set",
 * say) is node-sql-parser asked, within its budget, whether the statement is in fact a plain read
 * in which the word is a name; a statement it cannot parse stays not read-only. The parser is a
 * tie-breaker rather than the first judge because its cost on nested input is exponential (see
 * PARSER_BUDGET), and it finds no write the lexical checks miss.
 */
function checkRead(
  kind: StatementKind,
  tokens: Token[],
  leadIndex: number,
  statementText: string,
  getAst: AstLookup,
): Classification {
  const hazard = structuralHazard(tokens);
  if (hazard) return notRead(hazard.kind ?? kind, hazard.reason);
  const leadDepth = tokens[leadIndex]?.depth ?? 0;
  const keyword = topLevelWritingKeyword(tokens, leadDepth);
  if (!keyword) return { kind, readOnly: true };
  const maxDepth = tokens.reduce((max, t) => Math.max(max, t.depth), 0);
  const ast = getAst(statementText, maxDepth);
  if (ast === null)
    return notRead(kind, `the statement contains ${keyword} and could not be parsed to prove it a read`);
  const type = astType(ast);
  if (type === null || !READ_AST_TYPES.has(type)) {
    return notRead(kind, `the parser reads it as a ${type ?? 'unknown'} statement`);
  }
  const write = findWriteInAst(ast);
  return write ? notRead(kind, write) : { kind, readOnly: true };
}

function isPlainWordAt(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (token?.kind !== 'word') return false;
  // "t.update", "update.x" and "AS update" are names, not keywords.
  if (isPunct(tokens[i - 1], '.') || isPunct(tokens[i + 1], '.')) return false;
  return !isWord(tokens[i - 1], 'AS');
}

/**
 * Lexical signs of a write inside an otherwise read-looking statement. They hold at any depth:
 * INTO (SELECT ... INTO, INSERT INTO), FOR UPDATE / FOR SHARE and LOCK IN SHARE MODE, and a
 * data-modifying statement in a CTE body.
 */
function structuralHazard(tokens: readonly Token[]): { kind?: StatementKind; reason: string } | null {
  for (let i = 0; i < tokens.length; i += 1) {
    if (!isPlainWordAt(tokens, i)) continue;
    const word = tokens[i]?.value ?? '';
    const next = tokens[i + 1];
    if (word === 'INTO') return { kind: 'dml', reason: 'SELECT ... INTO writes its result' };
    if (word === 'FOR' && isWord(next, 'UPDATE', 'SHARE', 'NO', 'KEY')) {
      return { reason: 'a locking read (FOR UPDATE / FOR SHARE) takes row locks' };
    }
    if (word === 'LOCK' && isWord(next, 'IN')) {
      return { reason: 'a locking read (LOCK IN SHARE MODE) takes row locks' };
    }
    // MySQL's INSERT(str, pos, len, new) is a string function, hence the "(" test.
    if (NESTED_DML_WORDS.has(word) && !isPunct(next, '(')) {
      return { kind: 'dml', reason: `it contains a data-modifying ${word}` };
    }
  }
  return null;
}

function topLevelWritingKeyword(tokens: readonly Token[], depth: number): string | null {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token?.depth !== depth || !isPlainWordAt(tokens, i)) continue;
    // Function calls such as replace(...) or DuckDB's SELECT * REPLACE (...) are not statements.
    if (isPunct(tokens[i + 1], '(')) continue;
    if (WRITING_KEYWORDS.has(token.value)) return token.value;
  }
  return null;
}

/** Finds the word that starts the main statement of a WITH query. */
function withBodyKind(tokens: readonly Token[], withIndex: number): 'select' | 'dml' | null {
  const depth = tokens[withIndex]?.depth ?? 0;
  for (let i = withIndex + 1; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token?.depth !== depth) continue;
    if (token.kind === 'word') {
      const kind = WITH_BODY_LEADS.get(token.value);
      if (kind) return kind;
    }
    // WITH a AS (...) (SELECT ...): a parenthesised main query right after the last CTE body.
    if (isPunct(token, '(') && isPunct(tokens[i - 1], ')')) {
      const inner = tokens[i + 1];
      return inner?.kind === 'word' ? (WITH_BODY_LEADS.get(inner.value) ?? null) : null;
    }
  }
  return null;
}

function classifyExplain(
  tokens: readonly Token[],
  leadIndex: number,
  text: string,
  engine: Engine,
): Classification {
  const lead = tokens[leadIndex]?.value ?? '';
  let i = leadIndex + 1;
  if (lead === 'EXPLAIN' && (engine === 'postgresql' || engine === 'duckdb') && isPunct(tokens[i], '(')) {
    i = skipGroup(tokens, i);
  }
  while (i < tokens.length) {
    const token = tokens[i];
    const isOption =
      (token?.kind === 'word' && EXPLAIN_OPTIONS.has(token.value)) ||
      (token?.kind === 'operator' && token.value === '=');
    if (!isOption) break;
    i += 1;
  }
  const target = tokens[i];
  if (!target) return notRead('other', `${lead} without a statement or table`);
  if ((target.kind === 'word' && STATEMENT_LEADS.has(target.value)) || isPunct(target, '(')) {
    const inner = classifyStatement(text.slice(target.start, tokens[tokens.length - 1]?.end), engine);
    return inner.readOnly
      ? { kind: 'other', readOnly: true }
      : notRead('other', `${lead} of a statement that is not a read: ${inner.reason ?? inner.kind}`);
  }
  // DESCRIBE t / DESC db.t col / MySQL EXPLAIN t: only names, dots and a pattern may follow.
  const rest = tokens.slice(i);
  const plain = rest.every(
    (t) => t.kind === 'word' || t.kind === 'quoted' || t.kind === 'string' || isPunct(t, '.'),
  );
  return plain
    ? { kind: 'other', readOnly: true }
    : notRead('other', `${lead} of something that was not recognised`);
}

function skipGroup(tokens: readonly Token[], openIndex: number): number {
  const depth = tokens[openIndex]?.depth ?? 0;
  for (let i = openIndex + 1; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (isPunct(token, ')') && token?.depth === depth) return i + 1;
  }
  return tokens.length;
}

function classifyPragma(tokens: readonly Token[], leadIndex: number, engine: Engine): Classification {
  const allowed = READ_ONLY_PRAGMAS[engine];
  if (!allowed) return notRead('other', `PRAGMA is not a ${engine} statement`);
  let i = leadIndex + 1;
  // PRAGMA schema.name
  if (isPunct(tokens[i + 1], '.')) i += 2;
  const name = tokens[i];
  const pragma = name?.kind === 'word' || name?.kind === 'quoted' ? name.value.toLowerCase() : '';
  if (!allowed.has(pragma))
    return notRead('other', `PRAGMA ${pragma || '?'} is not on the list of read-only pragmas`);
  const rest = tokens.slice(i + 1);
  const argumentsOnly =
    rest.length === 0 ||
    (isPunct(rest[0], '(') &&
      isPunct(rest[rest.length - 1], ')') &&
      rest.slice(1, -1).every((t) => t.kind !== 'punct' || t.value === '.'));
  return argumentsOnly
    ? { kind: 'other', readOnly: true }
    : notRead('other', `PRAGMA ${pragma} with a value changes a setting`);
}

/** Whether tokens form a SELECT-like query (by its lead alone; no safety checks). */
export function isStatementSelect(tokens: readonly Token[], engine: Engine): boolean {
  let leadIndex = 0;
  while (isPunct(tokens[leadIndex], '(')) leadIndex += 1;
  const lead = tokens[leadIndex];
  if (lead?.kind !== 'word') return false;
  if (selectLeads(engine).has(lead.value)) return true;
  return lead.value === 'WITH' && withBodyKind(tokens, leadIndex) === 'select';
}
