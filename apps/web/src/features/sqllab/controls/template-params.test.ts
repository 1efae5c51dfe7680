import { describe, expect, it } from 'vitest';
import { parseTemplateParams, templateParamsError } from './template-params';

describe('template parameters', () => {
  it('accepts a JSON object or nothing', () => {
    expect(templateParamsError('')).toBeNull();
    expect(templateParamsError('{"a": 1}')).toBeNull();
    expect(parseTemplateParams('{"a": 1}')).toEqual({ a: 1 });
    expect(parseTemplateParams(' ')).toBeNull();
  });

  it('rejects broken JSON and JSON that is not an object', () => {
    expect(templateParamsError('{"a": ')).toMatch(/^Not valid JSON/);
    expect(templateParamsError('[1]')).toMatch(/must be a JSON object/);
    expect(templateParamsError('3')).toMatch(/must be a JSON object/);
    expect(parseTemplateParams('[1]')).toBeNull();
  });
});
