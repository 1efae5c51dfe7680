import nodeSqlParser from 'node-sql-parser';
import { engineSpec } from './engines';
import type { Engine } from './types';

// The package is CommonJS without detectable named exports, so take the class off the default export.
const { Parser } = nodeSqlParser;

/**
 * The PEG parser backtracks without memoisation: its time grows about threefold with every level
 * of parenthesis nesting when a parse fails (measured: depth 10 takes a second, depth 14 ten
 * seconds, and depth 30 aborts the whole Node process with a fatal V8 "invalid size" error).
 * Only statements inside this budget are handed to it.
 */
export const PARSER_BUDGET = { maxLength: 4000, maxDepth: 3 } as const;

let parser: InstanceType<typeof Parser> | undefined;

/**
 * Parses one statement whose parenthesis nesting is `maxDepth`; returns the AST as untyped data
 * (the package's typings are loose and partly wrong, so callers inspect it defensively), or null
 * when no dialect accepts it or it is outside the budget.
 */
export function parseStatement(text: string, engine: Engine, maxDepth: number): unknown {
  if (text.length > PARSER_BUDGET.maxLength || maxDepth > PARSER_BUDGET.maxDepth) return null;
  parser ??= new Parser();
  for (const database of engineSpec(engine).parserDialects) {
    try {
      const ast: unknown = parser.astify(text, { database });
      return Array.isArray(ast) ? (ast.length === 1 ? (ast[0] as unknown) : null) : ast;
    } catch {
      // Not this dialect; try the next one.
    }
  }
  return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** AST node types that change data, schema, privileges or session state. */
const WRITING_NODE_TYPES = new Set([
  'insert',
  'replace',
  'update',
  'delete',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'use',
  'set',
  'lock',
  'unlock',
  'call',
  'exec',
  'execute',
  'transaction',
  'load_data',
  'declare',
  'deallocate',
]);

/**
 * Looks through the whole AST for anything that is not a plain read: a writing sub-statement
 * (data-modifying CTE), SELECT ... INTO, or a locking read. Returns a reason, or null.
 */
export function findWriteInAst(ast: unknown): string | null {
  const seen = new Set<unknown>();
  const visit = (node: unknown): string | null => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return null;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = visit(item);
        if (found) return found;
      }
      return null;
    }
    if (!isRecord(node)) return null;
    const type = node.type;
    if (typeof type === 'string' && WRITING_NODE_TYPES.has(type.toLowerCase())) {
      return `contains a ${type.toUpperCase()} statement`;
    }
    const into = node.into;
    if (isRecord(into) && into.expr !== undefined && into.expr !== null)
      return 'SELECT ... INTO writes its result';
    for (const lockKey of ['locking_read', 'for_update']) {
      const lock = node[lockKey];
      if (lock !== undefined && lock !== null && lock !== false) {
        return 'a locking read (FOR UPDATE / FOR SHARE) takes row locks';
      }
    }
    for (const child of Object.values(node)) {
      const found = visit(child);
      if (found) return found;
    }
    return null;
  };
  return visit(ast);
}

/** The statement type at the root of an AST, lower-case, or null. */
export function astType(ast: unknown): string | null {
  return isRecord(ast) && typeof ast.type === 'string' ? ast.type.toLowerCase() : null;
}
