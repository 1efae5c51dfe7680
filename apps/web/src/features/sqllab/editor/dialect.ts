import { MariaSQL, MySQL, PostgreSQL, SQLite, StandardSQL, type SQLDialect } from '@codemirror/lang-sql';

/** The CodeMirror dialect for a database backend; DuckDB and unknown engines use standard SQL. */
export function dialectFor(backend: string | undefined): SQLDialect {
  switch (backend) {
    case 'postgresql':
    case 'postgres':
      return PostgreSQL;
    case 'mysql':
      return MySQL;
    case 'mariadb':
      return MariaSQL;
    case 'sqlite':
      return SQLite;
    default:
      return StandardSQL;
  }
}
