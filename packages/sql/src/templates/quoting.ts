import type { Engine } from '@tessera/contracts';
import { engineSpec } from '../engines';

/** How text must be escaped to stay inside a quoted SQL literal of the target engine. */
export interface StringQuoting {
  /** Backslash is an escape character inside literals, so it must be doubled too. */
  backslashes: boolean;
}

/**
 * A PostgreSQL or DuckDB escape string (`E'…'`) or Unicode string (`U&'…'`) treats backslash as an
 * escape: `\'` would end the doubling defence. Any such prefix in the template switches backslash
 * doubling on for the whole render; a false positive only doubles a backslash in a plain literal.
 */
const ESCAPE_STRING_PREFIX = /(?<![A-Za-z0-9_$])(?:[Ee]|[Uu]&)'/;

/**
 * MySQL and MariaDB read backslash escapes in every quoted literal (unless NO_BACKSLASH_ESCAPES,
 * where doubling only changes the value, never the boundary). PostgreSQL, SQLite and DuckDB use
 * standard strings, where only the quote is special, unless the template writes escape strings.
 */
export function quotingFor(dialect: Engine, template: string): StringQuoting {
  switch (engineSpec(dialect).literalBackslashes) {
    case 'always':
      return { backslashes: true };
    case 'never':
      return { backslashes: false };
    case 'escape-strings':
      return { backslashes: ESCAPE_STRING_PREFIX.test(template) };
  }
}

/** The body of a literal delimited by `mark`: the mark doubled, backslashes doubled when the engine needs it. */
export function escapeLiteralBody(text: string, quoting: StringQuoting, mark = "'"): string {
  const escaped = quoting.backslashes ? text.replaceAll('\\', '\\\\') : text;
  return mark === '' ? escaped : escaped.replaceAll(mark, mark + mark);
}
