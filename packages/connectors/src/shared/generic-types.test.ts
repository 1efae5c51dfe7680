import { describe, expect, it } from 'vitest';
import { describeType, genericTypeOf } from './generic-types';

describe('genericTypeOf', () => {
  it.each([
    ['INTEGER', 0],
    ['BIGINT', 0],
    ['int(11) unsigned', 0],
    ['NUMERIC(10,2)', 0],
    ['DOUBLE PRECISION', 0],
    ['DECIMAL(18,3)', 0],
    ['HUGEINT', 0],
    ['VARCHAR(255)', 1],
    ['CHARACTER VARYING(20)', 1],
    ['TEXT', 1],
    ['LONGTEXT', 1],
    ["ENUM('a','b')", 1],
    ['UUID', 1],
    ['DATE', 2],
    ['DATETIME', 2],
    ['TIMESTAMP WITH TIME ZONE', 2],
    ['TIMESTAMP(3) WITHOUT TIME ZONE', 2],
    ['TIME', 2],
    ['BOOLEAN', 3],
    ['bool', 3],
  ])('%s -> %s', (type, expected) => {
    expect(genericTypeOf(type)).toBe(expected);
  });

  it.each([
    'INTERVAL',
    'INTEGER[]',
    'JSONB',
    'BYTEA',
    'BLOB',
    'STRUCT("a" INTEGER)',
    'GEOMETRY',
    'BIT(1)',
    'mood',
  ])('%s has no generic type', (type) => {
    expect(genericTypeOf(type)).toBeNull();
  });

  it('sets is_dttm only for temporal types', () => {
    expect(describeType('TIMESTAMP')).toEqual({ type_generic: 2, is_dttm: true });
    expect(describeType('INTEGER')).toEqual({ type_generic: 0, is_dttm: false });
  });
});
