import { classifyStatement } from './classify';
import { engineSpec } from './engines';
import { splitStatements } from './split';
import type { CtasOptions, CtasResult, Engine } from './types';

/** Letters, digits and underscores, not starting with a digit; 63 fits every engine's limit. */
const IDENTIFIER_RE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export const CTAS_LAST_STATEMENT_MESSAGE =
  'CREATE TABLE AS needs a SELECT as the final statement of the query. ' +
  'Make the last statement a SELECT, then run the query again.';
export const CVAS_SINGLE_STATEMENT_MESSAGE =
  'CREATE VIEW AS needs a query made of exactly one statement. ' +
  'Remove the other statements, then run the query again.';
export const CVAS_SELECT_MESSAGE =
  'CREATE VIEW AS needs the query to be a SELECT. Rewrite it as a SELECT, then run the query again.';

export function quoteIdentifier(name: string, engine: Engine): string {
  return engineSpec(engine).quoteIdentifier(name);
}

/**
 * Wraps a query for "select as CTA": CREATE TABLE <schema>.<table> AS <last SELECT> (earlier
 * statements of the script run first, unchanged), or CREATE VIEW ... AS <the only SELECT>.
 */
export function buildCtas(selectSql: string, engine: Engine, options: CtasOptions): CtasResult {
  const { method, tableName, schema } = options;
  for (const [label, name] of [
    ['table', tableName],
    ['schema', schema],
  ] as const) {
    if (name === undefined || name === null || (label === 'schema' && name === '')) continue;
    if (!IDENTIFIER_RE.test(name)) {
      return {
        ok: false,
        errorType: 'INVALID_PAYLOAD_SCHEMA_ERROR',
        message: `The ${label} name "${name}" is not valid: use letters, digits and underscores, not starting with a digit (at most 63 characters).`,
      };
    }
  }
  const statements = splitStatements(selectSql, engine);
  const last = statements[statements.length - 1];
  const isSelect = last !== undefined && classifyStatement(last.text, engine).kind === 'select';
  if (method === 'VIEW') {
    if (statements.length > 1) {
      return { ok: false, errorType: 'INVALID_CVAS_QUERY_ERROR', message: CVAS_SINGLE_STATEMENT_MESSAGE };
    }
    if (!isSelect) return { ok: false, errorType: 'INVALID_CVAS_QUERY_ERROR', message: CVAS_SELECT_MESSAGE };
  } else if (!isSelect) {
    return { ok: false, errorType: 'INVALID_CTAS_QUERY_ERROR', message: CTAS_LAST_STATEMENT_MESSAGE };
  }
  const target = schema
    ? `${quoteIdentifier(schema, engine)}.${quoteIdentifier(tableName, engine)}`
    : quoteIdentifier(tableName, engine);
  const create = `CREATE ${method} ${target} AS\n${last.text}`;
  const out = [...statements.slice(0, -1).map((s) => s.text), create];
  return { ok: true, sql: out.join(';\n'), statements: out };
}
