import { describe, expect, it } from 'vitest';
import { sqlSourceFromSearch } from './dataset-param';

describe('sqlSourceFromSearch', () => {
  it('reads a dataset id, from datasetId or a table datasourceKey, with optional SQL', () => {
    expect(sqlSourceFromSearch('?datasetId=5')).toEqual({ kind: 'dataset', datasetId: 5, sql: null });
    expect(sqlSourceFromSearch('?datasourceKey=7__table&sql=SELECT%201')).toEqual({
      kind: 'dataset',
      datasetId: 7,
      sql: 'SELECT 1',
    });
  });

  it('reads a database id with SQL, schema and a tab name', () => {
    expect(sqlSourceFromSearch('?dbid=2&sql=SELECT+2&schema=main&name=Mine')).toEqual({
      kind: 'sql',
      dbId: 2,
      sql: 'SELECT 2',
      schema: 'main',
      catalog: null,
      name: 'Mine',
    });
  });

  it('ignores malformed ids and a database without SQL', () => {
    expect(sqlSourceFromSearch('?datasetId=abc')).toBeNull();
    expect(sqlSourceFromSearch('?datasetId=0')).toBeNull();
    expect(sqlSourceFromSearch('?datasourceKey=7__druid')).toBeNull();
    expect(sqlSourceFromSearch('?dbid=2')).toBeNull();
    expect(sqlSourceFromSearch('')).toBeNull();
  });
});
