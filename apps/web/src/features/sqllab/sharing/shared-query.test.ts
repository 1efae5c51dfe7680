import { describe, expect, it } from 'vitest';
import { sharedQuerySource, sqlLabQueryPath } from './shared-query';

describe('sharedQuerySource', () => {
  it('reads the permalink path', () => {
    expect(sharedQuerySource('/sqllab/p/AbC_d-123/', '')).toEqual({ kind: 'permalink', key: 'AbC_d-123' });
    expect(sharedQuerySource('/sqllab/p/xyz', '')).toEqual({ kind: 'permalink', key: 'xyz' });
  });

  it('reads the query-string forms', () => {
    expect(sharedQuerySource('/sqllab/', '?permalink=k1')).toEqual({ kind: 'permalink', key: 'k1' });
    expect(sharedQuerySource('/sqllab/', '?id=kv1')).toEqual({ kind: 'kv', key: 'kv1' });
    expect(sharedQuerySource('/sqllab/', '?queryId=42')).toEqual({ kind: 'query', id: 42 });
  });

  it('ignores plain SQL Lab and bad query ids', () => {
    expect(sharedQuerySource('/sqllab/', '')).toBeNull();
    expect(sharedQuerySource('/sqllab/', '?queryId=abc')).toBeNull();
    expect(sharedQuerySource('/sqllab/', '?queryId=0')).toBeNull();
    expect(sharedQuerySource('/sqllab/p/', '')).toBeNull();
  });

  it('builds the open-in-SQL-Lab path', () => {
    expect(sqlLabQueryPath(7)).toBe('/sqllab/?queryId=7');
  });
});
