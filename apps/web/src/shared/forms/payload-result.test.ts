import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { payloadResult } from './payload-result';

const schema = z
  .object({ name: z.string().min(1, 'Required'), tags: z.array(z.string()).min(1, 'Pick one') })
  .refine((value) => value.name !== 'x', 'Not x');

describe('payloadResult', () => {
  it('passes parsed data through', () => {
    expect(payloadResult(schema.safeParse({ name: 'a', tags: ['t'] }))).toEqual({
      ok: true,
      payload: { name: 'a', tags: ['t'] },
    });
  });

  it('groups issues by field and puts form-level ones under _', () => {
    expect(payloadResult(schema.safeParse({ name: '', tags: [] }))).toEqual({
      ok: false,
      fieldErrors: { name: ['Required'], tags: ['Pick one'] },
    });
    expect(payloadResult(schema.safeParse({ name: 'x', tags: ['t'] }))).toEqual({
      ok: false,
      fieldErrors: { _: ['Not x'] },
    });
  });
});
