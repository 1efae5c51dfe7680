import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors, parseId, parseInput, parseRisonQuery } from './validation';
import { ApiError } from './errors';

const schema = z.object({ name: z.string(), count: z.number().int() }).strict();

function bodyOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, body: error.body };
    throw error;
  }
  return null;
}

describe('input validation', () => {
  it('reports missing, wrong and unknown fields by name', () => {
    const input = { count: 'x', extra: 1 };
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error, input)).toEqual({
      name: ['Missing data for required field.'],
      count: [expect.stringContaining('number')],
      extra: ['Unknown field.'],
    });
  });

  it('survives field names that exist on Object.prototype', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const input = JSON.parse(`{"${key}": "x"}`) as unknown;
      expect(bodyOf(() => parseInput(schema, input))).toMatchObject({ status: 400 });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parses rison queries and refuses malformed ones with 400', () => {
    const list = z.object({ page: z.number().default(0) }).strict();
    expect(parseRisonQuery(list, '(page:2)')).toEqual({ page: 2 });
    expect(parseRisonQuery(list, undefined)).toEqual({ page: 0 });
    expect(bodyOf(() => parseRisonQuery(list, '(((('))).toEqual({
      status: 400,
      body: { message: 'Not a valid rison argument' },
    });
    expect(bodyOf(() => parseRisonQuery(list, ['a']))).toMatchObject({ status: 400 });
  });

  it('turns anything but a positive integer id into a 404', () => {
    expect(parseId('42')).toBe(42);
    for (const raw of ['0', '-1', 'abc', '1.5', '1e3', '', undefined, '9999999999999999999']) {
      expect(bodyOf(() => parseId(raw))).toMatchObject({ status: 404 });
    }
  });
});
