export type {
  Classification,
  CtasMethod,
  CtasOptions,
  CtasResult,
  Engine,
  LimitResult,
  LimitingFactor,
  Statement,
  StatementKind,
  TableRef,
} from './types';
export { splitStatements } from './split';
export { classifyScript, classifyStatement, isStatementSelect } from './classify';
export { syntaxSuspects } from './syntax-suspects';
export type { ScriptClassification } from './classify';
export { findDeniedFunctions } from './deny-list';
export { applyLimit, findTopLevelLimit } from './limit';
export {
  buildCtas,
  quoteIdentifier,
  CTAS_LAST_STATEMENT_MESSAGE,
  CVAS_SELECT_MESSAGE,
  CVAS_SINGLE_STATEMENT_MESSAGE,
} from './ctas';
export { formatSql } from './format';
export { extractTables } from './tables';
export { readTables, wrapTables } from './table-wrap';
export type { WrapTablesResult } from './table-wrap';
export { tokenize, lexVariants, lexRefusal } from './lexer';
export type { LexOptions, LexRefusal, Lexed, Token, TokenKind } from './lexer';
export { findDisallowedFunction, findSubquery } from './expression';
export { ADHOC_FUNCTIONS } from './function-allow-list';
export * from './templates';
export * from './engines';
export { CSV_BOM, contentDisposition, csvField, csvLine } from './csv';
