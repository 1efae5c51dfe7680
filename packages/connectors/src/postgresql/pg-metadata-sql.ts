// Catalog queries for PostgreSQL metadata. They read pg_catalog directly (not information_schema)
// so that materialized views, partitions and comments are visible.

export const SQL_CATALOGS = 'SELECT current_database() AS name';

export const SQL_SCHEMAS = `
SELECT nspname AS name FROM pg_namespace
WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
ORDER BY nspname`;

export const SQL_TABLES = `
SELECT c.relname AS name, c.relkind::text AS kind
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f', 'v', 'm')
ORDER BY c.relname`;

export const SQL_RELATION = `
SELECT c.oid::int8::text AS oid, n.nspname AS schema, c.relkind::text AS kind, c.relispartition AS is_partition,
       obj_description(c.oid, 'pg_class') AS comment
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relname = $1 AND n.nspname = COALESCE($2, current_schema()) AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`;

export const SQL_COLUMNS = `
SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
       t.typnamespace = 'pg_catalog'::regnamespace AS builtin,
       NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default,
       col_description(a.attrelid, a.attnum) AS comment
FROM pg_attribute a
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attrelid = $1::int8::oid AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum`;

const columnNames = (keys: string, rel: string) => `ARRAY(
  SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY AS k(attnum, ord)
  JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.attnum ORDER BY k.ord)`;

export const SQL_CONSTRAINTS = `
SELECT con.conname AS name, con.contype::text AS type,
       ${columnNames('con.conkey', 'con.conrelid')} AS columns,
       ${columnNames('con.confkey', 'con.confrelid')} AS referred_columns,
       rc.relname AS referred_table, rn.nspname AS referred_schema,
       con.confupdtype::text AS on_update, con.confdeltype::text AS on_delete
FROM pg_constraint con
LEFT JOIN pg_class rc ON rc.oid = con.confrelid
LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
WHERE con.conrelid = $1::int8::oid AND con.contype IN ('p', 'f')
ORDER BY con.conname`;

export const SQL_INDEXES = `
SELECT ic.relname AS name, i.indisunique AS unique,
       ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) AS k ORDER BY k) AS columns
FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
WHERE i.indrelid = $1::int8::oid AND NOT i.indisprimary
ORDER BY ic.relname`;

export const SQL_PARTITIONING = `
SELECT pg_get_partkeydef(p.partrelid) AS key, p.partstrat::text AS strategy,
       ARRAY(SELECT a.attname::text FROM unnest(p.partattrs::int2[]) AS k(attnum)
             JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = k.attnum) AS columns,
       ARRAY(SELECT c.relname::text FROM pg_inherits inh JOIN pg_class c ON c.oid = inh.inhrelid
             WHERE inh.inhparent = p.partrelid ORDER BY c.relname) AS children
FROM pg_partitioned_table p WHERE p.partrelid = $1::int8::oid`;

export const SQL_PARTITION_OF = `
SELECT pc.relname AS parent, pn.nspname AS parent_schema, pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_class c JOIN pg_inherits inh ON inh.inhrelid = c.oid
JOIN pg_class pc ON pc.oid = inh.inhparent JOIN pg_namespace pn ON pn.oid = pc.relnamespace
WHERE c.oid = $1::int8::oid`;

export const SQL_FUNCTIONS = `
SELECT DISTINCT p.proname AS name
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE p.prokind IN ('f', 'a', 'w') AND n.nspname <> 'information_schema' AND p.proname !~ '^_'
ORDER BY 1`;

export const SQL_TYPE_NAMES = `
SELECT t.oid::int AS oid, format_type(t.oid, NULL) AS name, t.typnamespace = 'pg_catalog'::regnamespace AS builtin
FROM pg_type t WHERE t.oid = ANY($1::oid[])`;
