import { describe, expect, it } from 'vitest';
import { extractTables } from './tables';
import type { Engine, TableRef } from './types';

const t = (table: string, schema: string | null = null): TableRef => ({ schema, table });

describe('extractTables', () => {
  it.each<[Engine, string, TableRef[]]>([
    ['postgresql', 'SELECT * FROM t', [t('t')]],
    ['postgresql', 'SELECT * FROM public.t AS a JOIN s.u b ON a.id = b.id', [t('t', 'public'), t('u', 's')]],
    ['postgresql', 'SELECT * FROM a, b c, "Quoted Name" q', [t('a'), t('b'), t('Quoted Name')]],
    ['postgresql', 'SELECT * FROM a JOIN b ON a.x = b.x, c', [t('a'), t('b'), t('c')]],
    ['postgresql', 'SELECT * FROM cat.sch.tbl', [t('tbl', 'sch')]],
    ['postgresql', 'WITH x AS (SELECT a FROM s.b) SELECT * FROM x JOIN y ON true', [t('b', 's'), t('y')]],
    [
      'postgresql',
      'SELECT * FROM (SELECT * FROM inner_t) s WHERE id IN (SELECT id FROM other)',
      [t('inner_t'), t('other')],
    ],
    ['postgresql', 'SELECT extract(year FROM created) FROM events WHERE a IS DISTINCT FROM b', [t('events')]],
    ['postgresql', 'SELECT substring(s FROM 2 FOR 3) FROM words', [t('words')]],
    ['postgresql', 'SELECT * FROM generate_series(1, 3) g, LATERAL unnest(ARRAY[1]) u', []],
    ['postgresql', 'SELECT * FROM ONLY parent', [t('parent')]],
    ['postgresql', 'INSERT INTO logs (a) SELECT a FROM src', [t('logs'), t('src')]],
    ['postgresql', 'UPDATE acc SET x = 1 FROM other WHERE acc.id = other.id', [t('acc'), t('other')]],
    ['postgresql', 'DELETE FROM t USING u WHERE t.id = u.id', [t('t'), t('u')]],
    ['postgresql', 'TABLE things', [t('things')]],
    ['postgresql', 'SELECT * FROM t FOR UPDATE OF t', [t('t')]],
    ['postgresql', "SELECT 'FROM fake' FROM real_t -- FROM commented", [t('real_t')]],
    ['postgresql', 'SELECT 1; SELECT * FROM a; SELECT * FROM a', [t('a')]],
    ['mysql', 'SELECT * FROM `db`.`t` INNER JOIN u USING (id)', [t('t', 'db'), t('u')]],
    ['mysql', 'SELECT 1 FROM DUAL', []],
    ['mysql', "SELECT * FROM t INTO OUTFILE '/tmp/x'", [t('t')]],
    ['mysql', 'INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2', [t('t')]],
    ['sqlite', 'SELECT * FROM [my table] JOIN main.other', [t('my table'), t('other', 'main')]],
    ['duckdb', "SELECT * FROM 'file.csv', t", [t('t')]],
    ['duckdb', 'FROM a SELECT x', [t('a')]],
  ])('%s: %s', (engine, sql, expected) => {
    expect(extractTables(sql, engine)).toEqual(expected);
  });
});
