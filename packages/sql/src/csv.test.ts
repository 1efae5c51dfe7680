import { describe, expect, it } from 'vitest';
import { contentDisposition, csvField, csvLine } from './csv';

describe('csv', () => {
  it('quotes fields that need it and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('writes nulls as empty fields and structures as JSON', () => {
    expect(csvLine([1, null, true, { a: 1 }, [1, 2]])).toBe('1,,true,"{""a"":1}","[1,2]"\r\n');
  });

  it('names the attachment after the tab, safely', () => {
    const header = contentDisposition('Sales "Q1"/été', 'abc123');
    expect(header).toContain('filename="Sales _Q1_');
    expect(header).toContain("filename*=UTF-8''Sales%20%22Q1%22%2F%C3%A9t%C3%A9_abc123.csv");
    expect(contentDisposition('  ', 'x1')).toContain('filename="query_x1.csv"');
  });
});
