import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors';
import { QueryContextMemo } from './query-context-memo';

const body = (id: number) => ({
  datasource: { id, type: 'table' },
  queries: [{ columns: ['state'], metrics: ['count'], row_limit: 10 }],
});

describe('QueryContextMemo', () => {
  it('parses a body once and hands the same frozen context back for the same text', () => {
    const memo = new QueryContextMemo();
    const first = memo.parse(body(1));
    const again = memo.parse(JSON.parse(JSON.stringify(body(1))));
    expect(again).toBe(first);
    expect(first.queries[0]?.columns).toEqual(['state']);
    expect(Object.isFrozen(first.queries[0])).toBe(true);
    expect(() => {
      (first.queries as unknown[]).push({});
    }).toThrow(TypeError);
    expect(memo.parse(body(2))).not.toBe(first);
  });

  it('throws the 400 of an invalid body each time and remembers nothing for it', () => {
    const memo = new QueryContextMemo();
    const bad = { datasource: { id: 1, type: 'table' }, queries: [{ row_limit: -1 }] };
    for (let i = 0; i < 2; i += 1) {
      const error = (() => {
        try {
          memo.parse(bad);
        } catch (caught) {
          return caught;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(ApiError);
      expect(error instanceof ApiError && error.statusCode).toBe(400);
    }
    expect(memo.size).toBe(0);
  });

  it('keeps at most its bound, dropping the least recently used body', () => {
    const memo = new QueryContextMemo();
    const kept = memo.parse(body(1));
    const two = memo.parse(body(2));
    for (let id = 3; id <= 600; id += 1) {
      memo.parse(body(id));
      // Body 1 stays in use, so it is never the oldest.
      if (id % 100 === 0) expect(memo.parse(body(1))).toBe(kept);
    }
    expect(memo.size).toBe(500);
    expect(memo.parse(body(1))).toBe(kept);
    // Body 2 was the oldest when the bound was passed: parsed anew.
    expect(memo.parse(body(2))).not.toBe(two);
  });
});
