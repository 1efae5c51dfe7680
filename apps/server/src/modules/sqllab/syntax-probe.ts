import type { Engine } from '@tessera/contracts';
import type { AppContext } from '../../context';
import type { DatabaseRow } from '../databases/registry';
import { engineFailure } from './engine-errors';
import type { QueryFailure } from './failure';
import { classifyScript, syntaxSuspects } from '@tessera/sql';

export interface SyntaxProbeInput {
  database: DatabaseRow;
  engine: Engine;
  userId: number;
  sql: string;
  schema: string | null;
  catalog: string | null;
  /** How long to wait for the user's query slot (SQLLAB_TIMEOUT). */
  timeoutMs: number;
}

/**
 * The engine's syntax error for a script the read-only check refused, when a statement of it is
 * only mistyped ("SELEC * FRM t"): such text is answered as SYNTAX_ERROR with the engine's own
 * message instead of a DML refusal. The engine parses without running anything (see
 * ConnectorSession.checkSyntax), on a read-only session. Null when every suspect parses, or the
 * engine cannot tell, or cannot be reached: the refusal then stands.
 */
export async function probeSyntaxFailure(
  ctx: AppContext,
  input: SyntaxProbeInput,
): Promise<QueryFailure | null> {
  const script = classifyScript(input.sql, input.engine);
  const suspects = syntaxSuspects(script, input.engine);
  if (suspects.length === 0) return null;
  const count = script.statements.length;
  try {
    const session = await ctx.databases.openSession(
      input.database,
      { userId: input.userId },
      { readOnly: true, schema: input.schema, catalog: input.catalog },
      AbortSignal.timeout(input.timeoutMs),
    );
    try {
      for (const suspect of suspects) {
        const error = await session.checkSyntax(suspect.text);
        if (error) return engineFailure(error, error.engineName, { index: suspect.index, count });
      }
      return null;
    } finally {
      await session.close();
    }
  } catch (error) {
    ctx.log.warn({ err: error, databaseId: input.database.id }, 'the syntax probe could not run');
    return null;
  }
}
