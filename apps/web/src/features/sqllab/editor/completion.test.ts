import { describe, expect, it } from 'vitest';
import { sqlNamespace, topLevelOptions } from './completion';
import { referencedTables } from './referenced-tables';

const DATA = {
  schemas: ['main', 'other'],
  schema: 'main',
  tables: ['birth_names', 'sales'],
  columns: {
    birth_names: [
      { name: 'name', type: 'VARCHAR' },
      { name: 'num', type: 'BIGINT' },
    ],
  },
  functions: ['count', 'sum'],
};

describe('completion data', () => {
  it('nests tables and their known columns under the tab schema', () => {
    expect(sqlNamespace(DATA)).toEqual({
      main: {
        birth_names: {
          self: { label: 'birth_names', type: 'type', detail: 'table' },
          children: [
            { label: 'name', type: 'property', detail: 'birth_names · VARCHAR' },
            { label: 'num', type: 'property', detail: 'birth_names · BIGINT' },
          ],
        },
        sales: { self: { label: 'sales', type: 'type', detail: 'table' }, children: [] },
      },
      other: {},
    });
  });

  it('offers every known column and the functions at the top level', () => {
    expect(topLevelOptions(DATA).map((option) => [option.label, option.type])).toEqual([
      ['name', 'property'],
      ['num', 'property'],
      ['count', 'function'],
      ['sum', 'function'],
    ]);
  });
});

describe('referencedTables', () => {
  it('finds known tables after FROM and JOIN, quoted or schema-qualified', () => {
    const sql = 'SELECT * FROM main.birth_names b JOIN "sales" s ON 1=1 JOIN unknown u ON 1=1 -- from sales';
    expect(referencedTables(sql, ['birth_names', 'sales', 'wb'])).toEqual(['birth_names', 'sales']);
  });

  it('ignores case', () => {
    expect(referencedTables('select 1 from BIRTH_NAMES', ['birth_names'])).toEqual(['birth_names']);
  });
});
