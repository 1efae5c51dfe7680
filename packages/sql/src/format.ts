import { format } from 'sql-formatter';
import type { SqlLanguage } from 'sql-formatter';
import { engineSpec } from './engines';
import type { Engine } from './types';

/**
 * Pretty-prints SQL in the engine's dialect (generic SQL without an engine), keywords upper-cased
 * (keywords are case-insensitive in all four engines, so meaning is kept). Falls back to the
 * generic dialect when the engine's formatter rejects the text, and to the text itself when both
 * do (Jinja templates, half-written SQL): never throws.
 */
export function formatSql(sql: string, engine?: Engine | null): string {
  const languages: SqlLanguage[] = engine ? [engineSpec(engine).formatterLanguage, 'sql'] : ['sql'];
  for (const language of languages) {
    try {
      return format(sql, { language, keywordCase: 'upper' });
    } catch {
      // Try the next dialect.
    }
  }
  return sql;
}
