import fc from 'fast-check';
import type { Engine } from '@tessera/contracts';

/**
 * Generators of disguised SQL for the parser's property tests (src/modules/sqllab/plan-variants.test.ts) and for the
 * integration test that sends a sample of them to the real engines (sql-canonical.int.test.ts):
 * deny-listed function names escaped, commented, quoted, case-varied and schema-qualified, and
 * every kind of non-SELECT statement with varied case and comments.
 */

export const ENGINES: readonly Engine[] = ['postgresql', 'mysql', 'sqlite', 'duckdb'];

/** Deny-listed functions, one argument each (a harmless path or text). */
export const DENIED_CALLS: Record<Engine, readonly string[]> = {
  postgresql: [
    'pg_read_file',
    'pg_read_binary_file',
    'pg_ls_dir',
    'pg_stat_file',
    'query_to_xml',
    'dblink_exec',
    'dblink',
    'pg_terminate_backend',
    'pg_cancel_backend',
    'lo_import',
    'lo_export',
    'set_config',
    'pg_reload_conf',
    'ts_stat',
  ],
  mysql: ['load_file', 'benchmark', 'sys_exec', 'sys_eval'],
  sqlite: ['load_extension', 'readfile', 'writefile', 'fsdir', 'edit'],
  duckdb: [
    'read_csv',
    'read_text',
    'read_parquet',
    'glob',
    'getenv',
    'query',
    'query_table',
    'duckdb_secrets',
  ],
};

/** Qualifiers engines accept before a built-in function name. */
const QUALIFIERS: Record<Engine, readonly string[]> = {
  postgresql: ['pg_catalog.', '"pg_catalog".', 'PG_CATALOG.', 'U&"pg\\005Fcatalog".'],
  mysql: ['mysql.', '`mysql`.'],
  sqlite: ['main.'],
  duckdb: ['main.', 'system.main.', '"main".'],
};

/** Comments and whitespace engines skip between tokens. */
const GAPS: Record<Engine, readonly string[]> = {
  postgresql: ['', ' ', '\n', '/* c */', '/* a /* nested */ b */', '--c\n', '\t'],
  mysql: ['', ' ', '\n', '/* c */', '-- c\n', '# c\n'],
  sqlite: ['', ' ', '\n', '/* c */', '--c\n'],
  duckdb: ['', ' ', '\n', '/* c */', '--c\n'],
};

/** The characters of an ASCII text (the names and statements here are all ASCII). */
const chars = (text: string): string[] => Array.from({ length: text.length }, (_, i) => text.charAt(i));

const caseVaried = (text: string): fc.Arbitrary<string> =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((flags) =>
    chars(text)
      .map((ch, i) => (flags[i] ? ch.toUpperCase() : ch.toLowerCase()))
      .join(''),
  );

/** PostgreSQL U&"..." with some characters escaped as \XXXX, \+XXXXXX or with a UESCAPE character. */
const unicodeEscaped = (name: string): fc.Arbitrary<string> =>
  fc
    .record({
      flags: fc.array(fc.constantFrom(0, 1, 2), { minLength: name.length, maxLength: name.length }),
      escape: fc.constantFrom('\\', '!', '#', '*'),
      gap: fc.constantFrom(' ', '\n', ' /* c */ '),
    })
    .map(({ flags, escape, gap }) => {
      const body = chars(name)
        .map((ch, i) => {
          const hex = (ch.codePointAt(0) ?? 0).toString(16);
          if (flags[i] === 1) return `${escape}${hex.padStart(4, '0')}`;
          if (flags[i] === 2) return `${escape}+${hex.padStart(6, '0')}`;
          return ch;
        })
        .join('');
      return escape === '\\' ? `U&"${body}"` : `U&"${body}"${gap}UESCAPE '${escape}'`;
    });

/** A spelling of `name` as a function name in `engine`. */
export function nameSpelling(engine: Engine, name: string): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [caseVaried(name)];
  if (engine === 'postgresql' || engine === 'duckdb' || engine === 'sqlite') {
    options.push(fc.constant(`"${name}"`), fc.constant(`"${name.toUpperCase()}"`));
  }
  if (engine === 'mysql' || engine === 'sqlite') options.push(caseVaried(name).map((n) => `\`${n}\``));
  if (engine === 'sqlite') options.push(fc.constant(`[${name}]`));
  if (engine === 'postgresql') options.push(unicodeEscaped(name));
  const bare = fc.oneof(...options);
  return fc.oneof(
    bare,
    fc.tuple(fc.constantFrom(...QUALIFIERS[engine]), bare).map(([qualifier, spelled]) => qualifier + spelled),
  );
}

/** Places a call can sit in a statement that otherwise only reads. */
const CALL_CONTEXTS: readonly ((call: string) => string)[] = [
  (call) => `SELECT ${call}`,
  (call) => `select 1 AS x WHERE ${call} IS NOT NULL`,
  (call) => `WITH t AS (SELECT ${call} AS v) SELECT * FROM t`,
  (call) => `SELECT * FROM (SELECT ${call} AS v) AS s`,
  (call) => `/* lead */ SELECT coalesce(${call}, NULL)`,
  (call) => `SELECT 1; SELECT ${call}`,
];

/** A read-looking statement that calls a deny-listed function of `engine`, disguised. */
export function deniedCallStatement(engine: Engine): fc.Arbitrary<string> {
  return fc
    .record({
      name: fc.constantFrom(...DENIED_CALLS[engine]).chain((name) => nameSpelling(engine, name)),
      gap: fc.constantFrom(...GAPS[engine]),
      context: fc.constantFrom(...CALL_CONTEXTS),
      executable: engine === 'mysql' ? fc.boolean() : fc.constant(false),
    })
    .map(({ name, gap, context, executable }) => {
      const call = `${name}${gap}('/etc/hostname')`;
      const sql = context(call);
      // MySQL runs the body of /*!...*/ as code; it must be refused, not skipped.
      return executable ? `SELECT 1 /*!50000 , ${call} */` : sql;
    });
}

/** Non-SELECT statements per engine, in lower case (case is varied by the generator). */
const WRITES: Record<Engine, readonly string[]> = {
  postgresql: [
    'insert into canary values (99)',
    'update canary set n = 99',
    'delete from canary',
    'merge into canary c using (select 1 as n) s on c.n = s.n when matched then delete',
    'create table made_by_variant (n int)',
    'drop table canary',
    'alter table canary add column m int',
    'truncate canary',
    'grant select on canary to public',
    'revoke select on canary from public',
    'set search_path = nowhere',
    "copy canary to '/tmp/canary_copy'",
    'call no_such_procedure()',
    'do $$ begin delete from canary; end $$',
    'vacuum canary',
    'lock table canary',
    'select n into made_by_variant from canary',
    'select * from canary for update',
    'with d as (delete from canary returning *) select * from d',
    'explain analyze delete from canary',
    'refresh materialized view no_such_view',
    'comment on table canary is $$x$$',
    'reindex table canary',
    'listen x',
    'notify x',
  ],
  mysql: [
    'insert into canary values (99)',
    'replace into canary values (99)',
    'update canary set n = 99',
    'delete from canary',
    'create table made_by_variant (n int)',
    'drop table canary',
    'alter table canary add column m int',
    'truncate table canary',
    'rename table canary to canary2',
    'grant select on canary to root',
    'set @x = 1',
    "select n into outfile '/tmp/canary_outfile' from canary",
    'select * from canary for update',
    'select * from canary lock in share mode',
    "load data infile '/etc/hostname' into table canary",
    'lock tables canary read',
    'call no_such_procedure()',
    'do sleep(0)',
    "prepare s from 'delete from canary'",
    'handler canary open',
    'flush tables',
  ],
  sqlite: [
    'insert into canary values (99)',
    'replace into canary values (99)',
    'update canary set n = 99',
    'delete from canary',
    'create table made_by_variant (n int)',
    'drop table canary',
    'alter table canary add column m int',
    "attach database '/tmp/canary_attach.db' as x",
    'pragma user_version = 5',
    'vacuum',
    "vacuum into '/tmp/canary_vacuum.db'",
    'reindex',
    'with d as (select 1) delete from canary',
    'insert into canary select 1 returning *',
  ],
  duckdb: [
    'insert into canary values (99)',
    'update canary set n = 99',
    'delete from canary',
    'create table made_by_variant (n int)',
    'drop table canary',
    'alter table canary add column m int',
    "copy canary to '/tmp/canary_copy.csv'",
    "attach '/tmp/canary_attach.duckdb' as x",
    'install httpfs',
    'load httpfs',
    'set threads = 1',
    'set enable_external_access = true',
    "export database '/tmp/canary_export'",
    'checkpoint',
    'create secret s (type s3)',
    'pragma enable_profiling',
    'explain analyze delete from canary',
    'with d as (select 1) insert into canary select 1',
  ],
};

/** A non-SELECT statement of `engine`, case-varied, with comments around and maybe a read first. */
export function writeStatement(engine: Engine): fc.Arbitrary<string> {
  return fc
    .record({
      text: fc.constantFrom(...WRITES[engine]).chain((text) => caseVaried(text)),
      lead: fc.constantFrom('', '/* c */ ', '\n', 'SELECT 1;\n', '-- c\n'),
      gap: fc.constantFrom(...GAPS[engine]),
      tail: fc.constantFrom('', ';', ' -- c', '; SELECT 1'),
    })
    .map(({ text, lead, gap, tail }) => {
      // Put the engine's comment or whitespace after the first word (keeping quoted parts whole).
      const space = text.indexOf(' ');
      const withGap =
        gap.trim() === '' || space < 0 ? text : `${text.slice(0, space)} ${gap} ${text.slice(space + 1)}`;
      return `${lead}${withGap}${tail}`;
    });
}

/** Subquery forms per engine, each reading `other_table`. */
const SUBQUERIES: Record<Engine, readonly string[]> = {
  postgresql: [
    '(select s from other_table)',
    '(with t as (select s from other_table) select s from t)',
    '(values (1))',
    '(table other_table)',
    'exists (select 1 from other_table)',
    'array(select s from other_table)',
    'any (select s from other_table)',
    '((select s from other_table) union (select s from other_table))',
  ],
  mysql: [
    '(select s from other_table)',
    '(with t as (select s from other_table) select s from t)',
    '(table other_table)',
    'exists (select 1 from other_table)',
    '(values row(1))',
  ],
  sqlite: [
    '(select s from other_table)',
    '(with t as (select s from other_table) select s from t)',
    '(values (1))',
    'exists (select 1 from other_table)',
  ],
  duckdb: [
    '(select s from other_table)',
    '(from other_table)',
    '(from other_table select s)',
    '(with t as (from other_table) from t)',
    '(table other_table)',
    '(values (1))',
    'exists (from other_table)',
    'array(from other_table)',
    '(pivot other_table on s using count(*))',
    '(describe other_table)',
    '(summarize other_table)',
  ],
};

/** An adhoc expression (metric or filter) holding a subquery of `engine`, case-varied and nested. */
export function subqueryExpression(engine: Engine): fc.Arbitrary<string> {
  return fc
    .record({
      subquery: fc.constantFrom(...SUBQUERIES[engine]).chain((text) => caseVaried(text)),
      wrap: fc.constantFrom(
        (q: string) => `max(${q})`,
        (q: string) => `count(*) + length(cast(${q} as varchar(10)))`,
        (q: string) => `coalesce(${q}, 'x') = 'x'`,
        (q: string) => `v IN ${q.startsWith('(') ? q : `(${q})`}`,
        (q: string) => `CASE WHEN v > 0 THEN ${q} END IS NULL`,
      ),
      gap: fc.constantFrom(' ', '\n', '  '),
    })
    .map(({ subquery, wrap, gap }) => wrap(subquery).replaceAll(' ', gap));
}

/** An adhoc expression calling a deny-listed function of `engine`, however spelled. */
export function deniedCallExpression(engine: Engine): fc.Arbitrary<string> {
  return fc
    .record({
      name: fc.constantFrom(...DENIED_CALLS[engine]).chain((name) => nameSpelling(engine, name)),
      wrap: fc.constantFrom(
        (call: string) => `max(length(${call}))`,
        (call: string) => `${call} IS NULL`,
        (call: string) => `coalesce(${call}, '') = ''`,
      ),
    })
    .map(({ name, wrap }) => wrap(`${name}('/etc/hostname')`));
}
