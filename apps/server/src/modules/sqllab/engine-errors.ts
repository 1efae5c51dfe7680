import { ConnectorError } from '@tessera/connectors';
import { buildSupersetError } from '@tessera/contracts';
import { QueryFailure } from './failure';

/** A statement the user stopped, or that a time limit cut short. */
export class QueryCancelled extends Error {
  constructor() {
    super('The query was cancelled.');
    this.name = 'QueryCancelled';
  }
}

export function isCancellation(error: unknown): boolean {
  return error instanceof QueryCancelled || (error instanceof ConnectorError && error.kind === 'cancelled');
}

/**
 * An engine failure as the SIP-40 error the query keeps: the connector's classification (column,
 * table, schema, syntax, connection errors...) with issue codes and extra.engine_name, the failing
 * block named when the script has several. Refused writes are 422 like the parser's refusal; every
 * other engine error is the client's SQL, so 400.
 */
/** Connector params minus file paths: a DuckDB or SQLite "database" is a path on the server. */
function publicParams(params: Record<string, string | number>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'database' && typeof value === 'string' && /[/\\]/.test(value)) continue;
    out[key] = value;
  }
  return out;
}

export function engineFailure(
  error: unknown,
  engineName: string,
  statement: { index: number; count: number } | null,
): QueryFailure {
  const prefix =
    statement && statement.count > 1 ? `Statement ${statement.index + 1} out of ${statement.count}: ` : '';
  if (error instanceof ConnectorError && error.kind !== 'cancelled') {
    const status = error.kind === 'DML_NOT_ALLOWED_ERROR' ? 422 : 400;
    return new QueryFailure(
      status,
      buildSupersetError(error.kind, `${prefix}${error.message}`, {
        ...publicParams(error.params),
        engine_name: error.engineName,
      }),
    );
  }
  return new QueryFailure(
    400,
    buildSupersetError('GENERIC_DB_ENGINE_ERROR', `${prefix}The database returned an unexpected error.`, {
      engine_name: engineName,
    }),
  );
}
