import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer';
import { TemplateError } from './template-error';

const kinds = (source: string) => tokenize(source).map((token) => `${token.kind}:${token.value}`);

describe('tokenize', () => {
  it('splits text and tags and tokenizes expressions', () => {
    expect(kinds('a {{ x.y + 1 }} b')).toEqual([
      'text:a ',
      'var_begin:',
      'name:x',
      'op:.',
      'name:y',
      'op:+',
      'number:1',
      'var_end:',
      'text: b',
      'eof:',
    ]);
  });

  it('prefers the longest operator', () => {
    expect(kinds('{{ a ** b // c <= d != e }}').filter((kind) => kind.startsWith('op'))).toEqual([
      'op:**',
      'op://',
      'op:<=',
      'op:!=',
    ]);
  });

  it('does not end a tag at }} inside a string or a dict literal', () => {
    expect(kinds("{{ '}}' }}")).toEqual(['var_begin:', 'string:}}', 'var_end:', 'eof:']);
    const dict = kinds("{{ {'a': {'b': 1}} }}");
    expect(dict.at(-2)).toBe('var_end:');
    expect(dict.filter((kind) => kind === 'op:}')).toHaveLength(2);
  });

  it('decodes string escapes like Python', () => {
    const [, str] = tokenize(String.raw`{{ 'a\'b\n\x41\u00e9\q' }}`);
    expect(str?.value).toBe("a'b\nA\u00e9\\q");
  });

  it('numbers lines of tokens', () => {
    const tokens = tokenize('one\ntwo {{ x\n + y }}\n{% if z %}');
    const line = (value: string) => tokens.find((token) => token.value === value)?.line;
    expect(line('x')).toBe(2);
    expect(line('y')).toBe(3);
    expect(line('z')).toBe(4);
  });

  it('drops comments and applies whitespace control', () => {
    expect(kinds('a {# note #} b')).toEqual(['text:a ', 'text: b', 'eof:']);
    expect(kinds('a  \n {%- if x -%}  \n b')).toEqual([
      'text:a',
      'block_begin:',
      'name:if',
      'name:x',
      'block_end:',
      'text:b',
      'eof:',
    ]);
    expect(kinds('a {#- c -#} b')).toEqual(['text:a', 'text:b', 'eof:']);
  });

  it('keeps raw blocks verbatim', () => {
    expect(kinds('{% raw %}{{ x }}{% if %}{% endraw %}!')).toEqual([
      'text:{{ x }}{% if %}',
      'text:!',
      'eof:',
    ]);
    expect(kinds('{% raw -%}  {{ x }}  {%- endraw %}')).toEqual(['text:{{ x }}', 'eof:']);
  });

  it.each([
    ['{{ x', 'Template syntax error on line 1: the tag {{ opened here is never closed with }}'],
    ['\n{# never closed', 'Template syntax error on line 2: the comment opened here is never closed with #}'],
    ["a\nb {{ 'open }}", 'Template syntax error on line 2: unterminated string literal'],
    ['{{ x $ y }}', "Template syntax error on line 1: unexpected character '$'"],
    ['{{ (x] }}', "Template syntax error on line 1: unexpected ']'"],
    [
      '\n\n{% raw %}x',
      'Template syntax error on line 3: the raw block opened here is never closed with {% endraw %}',
    ],
  ])('rejects %j', (source, message) => {
    expect(() => tokenize(source)).toThrow(TemplateError);
    expect(() => tokenize(source)).toThrow(message);
  });
});
