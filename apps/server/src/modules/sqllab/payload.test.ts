import type { QueryDict } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { emptyPayload, responseColumns, resultPayload, rowObjects } from './payload';

const column = (name: string) => ({ name, type: 'INTEGER', type_generic: 0 as const, is_dttm: false });
const query = { queryId: 7, state: 'success' } as QueryDict;

describe('result payloads', () => {
  it('makes repeated labels unique', () => {
    expect(
      responseColumns([column('a'), column('a'), column('a__1'), column('b')]).map((c) => c.name),
    ).toEqual(['a', 'a__1', 'a__1__1', 'b']);
  });

  it('builds rows as plain data even for hostile labels', () => {
    const [row] = rowObjects(responseColumns([column('__proto__'), column('x')]), [[1, null]]);
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'x']);
    expect(JSON.stringify(row)).toBe('{"__proto__":1,"x":null}');
  });

  it('cuts at the display limit and flags it', () => {
    const rows = [[1], [2], [3]];
    const cut = resultPayload(query, [column('n')], rows, 2);
    expect(cut.data).toHaveLength(2);
    expect(cut.displayLimitReached).toBe(true);
    expect(cut).toMatchObject({ query_id: 7, status: 'success', expanded_columns: [] });
    const whole = resultPayload(query, [column('n')], rows, 3);
    expect(whole.displayLimitReached).toBeUndefined();
    expect(resultPayload(query, [column('n')], rows, null).data).toHaveLength(3);
  });

  it('answers stopped runs without rows', () => {
    expect(emptyPayload(query, 'stopped')).toMatchObject({ status: 'stopped', data: [], columns: [] });
  });
});
