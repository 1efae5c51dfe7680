import type { Engine } from '@tessera/contracts';
import type { SqlLanguage } from 'sql-formatter';
import type { LexOptions } from '../lexer';
import type { ExplainRow } from './cost';

/**
 * Everything Tessera knows about one engine's SQL, in one place: adding an engine means adding
 * one of these plus a connector. Connection code (drivers, sessions, metadata queries) stays in
 * packages/connectors; this is only how the engine reads and writes SQL text.
 */
export interface EngineSpec {
  readonly engine: Engine;
  /** node-sql-parser dialects to try, in order, when the classifier needs a tie-breaker parse. */
  readonly parserDialects: readonly string[];
  /**
   * The readings of a text a server of this engine might use, the default one first: settings we
   * cannot see (backslash escapes, comment nesting) each give another reading to check.
   */
  readonly lexReadings: readonly LexOptions[];
  /** sql-formatter language for "format SQL". */
  readonly formatterLanguage: SqlLanguage;
  /** A name quoted so that it resolves exactly, embedded quote characters doubled. */
  quoteIdentifier(name: string): string;
  /** What goes before a statement to get the plan the estimate endpoint reads. */
  readonly explainPrefix: string;
  /** The cost object POST /api/v1/sqllab/estimate/ returns, from this engine's EXPLAIN rows. */
  costOf(rows: ExplainRow[]): ExplainRow;
  /**
   * A string literal holding `text` that every server setting reads the same way. The caller has
   * refused NUL characters already.
   */
  stringLiteral(text: string): string;
  /** TRUE and FALSE as literals. */
  readonly booleans: readonly [string, string];
  /** A timestamp literal (UTC wall clock) comparable with the engine's timestamp columns. */
  timestamp(value: Date): string;
  /** `expression` bucketed to `grain` (an ISO duration of TIME_GRAINS); null when unsupported. */
  timeGrain(expression: string, grain: string): string | null;
  /** Case-insensitive LIKE, native where the engine has one. */
  ilike(expression: string, pattern: string, negate: boolean): string;
  /** The row limit clause a generated query ends with. */
  limitOffset(limit: number, offset: number): string;
  /**
   * Whether backslash escapes inside quoted literals, for the template engine's quoting filters:
   * always, never, or only in escape strings (`E'..'`, `U&'..'`) the template itself writes.
   */
  readonly literalBackslashes: 'always' | 'never' | 'escape-strings';
}
