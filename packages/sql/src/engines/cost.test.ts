import { describe, expect, it } from 'vitest';
import { formatCost } from '.';

describe('formatCost', () => {
  it('reads PostgreSQL JSON plans, parsed or as text', () => {
    const plan = [{ Plan: { 'Startup Cost': 0, 'Total Cost': 35.5, 'Plan Rows': 2550 } }];
    const expected = { 'Start-up cost': 0, 'Total cost': 35.5, 'Estimated rows': 2550 };
    expect(formatCost('postgresql', [{ 'QUERY PLAN': plan }])).toEqual(expected);
    expect(formatCost('postgresql', [{ 'QUERY PLAN': JSON.stringify(plan) }])).toEqual(expected);
  });

  it('reads MySQL query_cost and MariaDB row estimates', () => {
    expect(
      formatCost('mysql', [
        { EXPLAIN: { query_block: { cost_info: { query_cost: '1.25' }, table: { rows: 3 } } } },
      ]),
    ).toEqual({ 'Query cost': 1.25, 'Estimated rows': 3 });
    expect(formatCost('mysql', [{ EXPLAIN: { query_block: { table: { rows: 40 } } } }])).toEqual({
      'Query cost': null,
      'Estimated rows': 40,
    });
  });

  it('keeps DuckDB and SQLite plans as text', () => {
    const duck = formatCost('duckdb', [
      { explain_key: 'physical_plan', explain_value: 'SEQ_SCAN\n~1,000 rows' },
    ]);
    expect(duck).toEqual({ 'Estimated rows': 1000, Plan: 'SEQ_SCAN\n~1,000 rows' });
    expect(formatCost('sqlite', [{ id: 2, parent: 0, notused: 0, detail: 'SCAN t' }])).toEqual({
      Plan: 'SCAN t',
    });
  });
});
