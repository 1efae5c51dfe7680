// Its own file so the engine specs can name it without importing the lexer, which imports them.
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
