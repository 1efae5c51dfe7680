import { describe, expect, it } from 'vitest';
import { fieldErrorsFromBody } from './field-errors';

describe('fieldErrorsFromBody', () => {
  it('reads a marshmallow-style message object', () => {
    expect(fieldErrorsFromBody({ message: { database_name: ['Required.'], extra: 'Bad JSON' } })).toEqual({
      database_name: ['Required.'],
      extra: ['Bad JSON'],
    });
  });

  it('drops empty and non-string messages', () => {
    expect(fieldErrorsFromBody({ message: { a: [''], b: [3, 'ok'] } })).toEqual({ b: ['ok'] });
  });

  it('gives undefined for bodies without field messages', () => {
    expect(fieldErrorsFromBody({ message: 'Not found' })).toBeUndefined();
    expect(fieldErrorsFromBody({ message: {} })).toBeUndefined();
    expect(fieldErrorsFromBody(null)).toBeUndefined();
    expect(fieldErrorsFromBody('text')).toBeUndefined();
  });
});
