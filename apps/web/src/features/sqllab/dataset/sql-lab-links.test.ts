import { describe, expect, it } from 'vitest';
import { sqlSourceFromSearch } from './dataset-param';
import { sqlLabDatasetPath, sqlLabQueryPath } from './sql-lab-links';

const searchOf = (path: string): string => path.slice(path.indexOf('?'));

describe('SQL Lab links', () => {
  it('links a dataset so that SQL Lab reads it back', () => {
    expect(sqlLabDatasetPath(5)).toBe('/sqllab/?datasetId=5');
    expect(sqlSourceFromSearch(searchOf(sqlLabDatasetPath(5)))).toEqual({
      kind: 'dataset',
      datasetId: 5,
      sql: null,
    });
  });

  it('links SQL on a database and schema, surviving quotes, newlines and ampersands', () => {
    const sql = "SELECT 'a&b' AS x,\n  name\nFROM birth_names WHERE name = 'Ann' -- #1";
    const path = sqlLabQueryPath({ dbId: 2, sql, schema: 'main' });
    expect(sqlSourceFromSearch(searchOf(path))).toEqual({
      kind: 'sql',
      dbId: 2,
      sql,
      schema: 'main',
      catalog: null,
      name: null,
    });
    expect(sqlLabQueryPath({ dbId: 2, sql: 'SELECT 1', schema: null })).toBe('/sqllab/?dbid=2&sql=SELECT+1');
  });
});
