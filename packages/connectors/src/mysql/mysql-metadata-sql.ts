// information_schema queries; columns are aliased to lower case because MySQL and MariaDB differ
// in the case they return.

export const SQL_SCHEMAS = `
SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA
WHERE SCHEMA_NAME NOT IN ('information_schema', 'mysql', 'performance_schema', 'sys')
ORDER BY SCHEMA_NAME`;

export const SQL_TABLES = `
SELECT TABLE_NAME AS name, TABLE_TYPE AS kind FROM information_schema.TABLES
WHERE TABLE_SCHEMA = ? AND TABLE_TYPE IN ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
ORDER BY TABLE_NAME`;

export const SQL_RELATION = `
SELECT TABLE_SCHEMA AS schema_name, TABLE_TYPE AS kind, TABLE_COMMENT AS comment FROM information_schema.TABLES
WHERE TABLE_NAME = ? AND TABLE_SCHEMA = COALESCE(?, DATABASE())`;

export const SQL_COLUMNS = `
SELECT COLUMN_NAME AS name, COLUMN_TYPE AS column_type, IS_NULLABLE AS nullable,
       COLUMN_DEFAULT AS default_value, COLUMN_COMMENT AS comment
FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
ORDER BY ORDINAL_POSITION`;

export const SQL_INDEX_COLUMNS = `
SELECT INDEX_NAME AS name, COLUMN_NAME AS column_name, NON_UNIQUE AS non_unique
FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
ORDER BY INDEX_NAME, SEQ_IN_INDEX`;

export const SQL_FOREIGN_KEYS = `
SELECT k.CONSTRAINT_NAME AS name, k.COLUMN_NAME AS column_name, k.REFERENCED_TABLE_SCHEMA AS referred_schema,
       k.REFERENCED_TABLE_NAME AS referred_table, k.REFERENCED_COLUMN_NAME AS referred_column,
       r.UPDATE_RULE AS on_update, r.DELETE_RULE AS on_delete
FROM information_schema.KEY_COLUMN_USAGE k
JOIN information_schema.REFERENTIAL_CONSTRAINTS r
  ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
WHERE k.TABLE_SCHEMA = ? AND k.TABLE_NAME = ? AND k.REFERENCED_TABLE_NAME IS NOT NULL
ORDER BY k.CONSTRAINT_NAME, k.ORDINAL_POSITION`;

export const SQL_ROUTINES = `
SELECT DISTINCT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'`;
