import { describe, expect, it } from 'vitest';
import { parseTemplateParams } from './params';
import { renderSqlTemplate } from './render';
import { TemplateError } from './template-error';
import { MACROS, render, renderError } from './test-support';

describe('parseTemplateParams', () => {
  it('treats missing or blank input as no parameters', () => {
    expect(parseTemplateParams(null)).toEqual({});
    expect(parseTemplateParams(undefined)).toEqual({});
    expect(parseTemplateParams('  ')).toEqual({});
  });

  it('parses a JSON object', () => {
    expect(parseTemplateParams('{"a": 1, "b": [true, null], "c": {"d": "e"}}')).toEqual({
      a: 1,
      b: [true, null],
      c: { d: 'e' },
    });
  });

  it.each([
    ['[1, 2]', 'Template parameters must be a JSON object, not an array'],
    ['null', 'Template parameters must be a JSON object, not null'],
    ['42', 'Template parameters must be a JSON object, not a number'],
    ['"s"', 'Template parameters must be a JSON object, not a string'],
  ])('refuses %s', (json, message) => {
    expect(() => parseTemplateParams(json)).toThrow(message);
    try {
      parseTemplateParams(json);
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
      expect(error).toMatchObject({ kind: 'type' });
    }
  });

  it('refuses malformed JSON with kind type', () => {
    expect(() => parseTemplateParams('{a: 1}')).toThrow(/^Template parameters are not valid JSON: /);
  });

  it('keeps a "__proto__" key as an own property without touching any prototype', () => {
    const params = parseTemplateParams('{"__proto__": {"polluted": 1}}');
    expect(Object.keys(params)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parameters given by code', () => {
  const renderWith = (params: Record<string, unknown>) =>
    renderSqlTemplate('{{ v }}', { params, macros: MACROS, dialect: 'postgresql' });

  it('accepts plain data and skips undefined values', () => {
    expect(renderWith({ v: { a: [1, 'x', null, false] } })).toBe("{'a': [1, 'x', None, False]}");
    expect(() => renderWith({ v: undefined })).toThrow(TemplateError);
  });

  it('refuses values that are not plain data', () => {
    expect(() => renderWith({ v: new Date(0) })).toThrow('Template parameter v is not plain data');
    expect(() => renderWith({ v: () => 1 })).toThrow(
      'Template parameter v has an unsupported type (function)',
    );
    expect(() => renderWith({ v: { f: Symbol('s') } })).toThrow(
      'Template parameter v.f has an unsupported type',
    );
    expect(() => renderWith({ v: new Map() })).toThrow('Template parameter v is not plain data');
  });

  it('never calls getters', () => {
    let called = false;
    const v = {
      get secret() {
        called = true;
        return 'leaked';
      },
    };
    expect(() => renderWith({ v })).toThrow("Template parameter v has an accessor property 'secret'");
    expect(called).toBe(false);
  });

  it('accepts null-prototype objects', () => {
    const v = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(renderWith({ v })).toBe("{'a': 1}");
  });
});

describe('fast path', () => {
  it('returns 1 MB of plain SQL unchanged without parsing it', () => {
    const row =
      "SELECT id, '{\"json\": {\"a\": 1}}' AS j, price % 2 FROM orders WHERE note <> '#}' AND x = '%}';\n";
    const sql = row.repeat(Math.ceil((1024 * 1024) / row.length));
    expect(sql.length).toBeGreaterThan(1024 * 1024);
    // Longer than maxTemplateLength: only the fast path can return it.
    expect(render(sql)).toBe(sql);
    // The same text with one tag goes through the engine, which refuses its size.
    expect(renderError(`${sql}{{ 1 }}`).kind).toBe('limit');
  });

  it('needs no parameters or macros to be valid on the fast path', () => {
    expect(render('SELECT 1', {})).toBe('SELECT 1');
  });
});
