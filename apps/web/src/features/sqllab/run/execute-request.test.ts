import { describe, expect, it } from 'vitest';
import { createQuery } from '../state';
import { executeRequestFor, offsetOf, sqlToRun, templateParamsToSend } from './execute-request';

describe('executeRequestFor', () => {
  it('sends the fields of the query under the names the server expects', () => {
    const query = createQuery(
      {
        id: 'abcdefghijk',
        dbId: 3,
        sql: 'SELECT 1',
        sqlEditorId: 'tab1',
        tab: 'Untitled Query 1',
        schema: 'main',
        runAsync: true,
        queryLimit: 1000,
        templateParams: '{"a": 1}',
      },
      0,
    );
    expect(executeRequestFor(query)).toEqual({
      client_id: 'abcdefghijk',
      database_id: 3,
      json: true,
      runAsync: true,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      sql_editor_id: 'tab1',
      tab: 'Untitled Query 1',
      tmp_table_name: null,
      select_as_cta: false,
      ctas_method: null,
      templateParams: '{"a": 1}',
      queryLimit: 1000,
      expand_data: true,
    });
  });
});

describe('helpers', () => {
  it('runs the selection when there is one', () => {
    expect(sqlToRun('SELECT 1; SELECT 2', 'SELECT 2')).toBe('SELECT 2');
    expect(sqlToRun('SELECT 1', '  ')).toBe('SELECT 1');
    expect(sqlToRun('SELECT 1', null)).toBe('SELECT 1');
  });

  it('turns a row and column into an offset', () => {
    expect(offsetOf('ab\ncde\nf', { row: 1, column: 2 })).toBe(5);
    expect(offsetOf('ab\ncde', { row: 9, column: 99 })).toBe(6);
  });

  it('sends blank template parameters as null', () => {
    expect(templateParamsToSend(' ')).toBeNull();
    expect(templateParamsToSend('{}')).toBe('{}');
  });
});
