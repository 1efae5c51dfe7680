import { describe, expect, it } from 'vitest';
import { renderSqlTemplate } from './render';
import { MACROS, render, renderError } from './test-support';

describe('Superset macros', () => {
  it('url_param reads the request parameters, escaped for a SQL literal', () => {
    expect(render("WHERE country = '{{ url_param('country') }}'")).toBe("WHERE country = 'FR'");
    expect(render("'{{ url_param('quote') }}'")).toBe("'it''s'");
    expect(render("'{{ url_param('quote', escape_result=false) }}'")).toBe("'it's'");
  });

  it('url_param falls back to its default, positionally or by keyword', () => {
    expect(render("{{ url_param('nope') }}")).toBe('None');
    expect(render("{{ url_param('nope', 'US') }}")).toBe('US');
    expect(render("{{ url_param(param='nope', default='DE') }}")).toBe('DE');
    expect(render("{{ url_param('country', add_to_cache_keys=false) }}")).toBe('FR');
  });

  it('url_param only sees own parameters, never Object.prototype members', () => {
    expect(
      render("{{ url_param('constructor') }}|{{ url_param('toString', 'x') }}|{{ url_param('__proto__') }}"),
    ).toBe('None|x|None');
  });

  it('current user macros answer from the context', () => {
    expect(render('{{ current_username() }}|{{ current_user_id() }}|{{ current_user_email() }}')).toBe(
      'alice|7|alice@example.com',
    );
    expect(render('{{ current_username(add_to_cache_keys=false) }}')).toBe('alice');
    const anonymous = renderSqlTemplate('{{ current_username() }}|{{ current_user_id() is none }}', {
      params: {},
      macros: { urlParams: {}, username: null, userId: null, email: null },
      dialect: 'postgresql',
    });
    expect(anonymous).toBe('None|True');
  });

  it('checks macro arguments', () => {
    expect(renderError('{{ url_param() }}').message).toContain("url_param() is missing the argument 'param'");
    expect(renderError('{{ url_param(1) }}').message).toContain('url_param() name must be a string, not int');
    expect(renderError("{{ url_param('a', foo=1) }}").message).toContain(
      "url_param() got an unexpected keyword argument 'foo'",
    );
    expect(renderError("{{ url_param('a', param='b') }}").message).toContain(
      "url_param() got multiple values for argument 'param'",
    );
    expect(renderError('{{ current_user_id(1, 2) }}').message).toContain(
      'current_user_id() takes at most 1 arguments',
    );
  });

  it('a parameter of the same name shadows a macro, like a Jinja context variable', () => {
    expect(render('{{ current_username }}', { current_username: 'from-params' })).toBe('from-params');
  });

  it('prints functions harmlessly', () => {
    expect(render('{{ url_param }}')).toBe('<function url_param>');
  });
});

describe('range', () => {
  it.each([
    ['range(4)', '[0, 1, 2, 3]'],
    ['range(2, 5)', '[2, 3, 4]'],
    ['range(10, 0, -3)', '[10, 7, 4, 1]'],
    ['range(0)', '[]'],
    ['range(5, 1)', '[]'],
  ])('%s -> %s', (expr, expected) => {
    expect(render(`{{ ${expr} }}`)).toBe(expected);
  });

  it('rejects bad arguments', () => {
    expect(renderError('{{ range() }}').message).toContain('range expected 1 to 3 arguments, got 0');
    expect(renderError('{{ range(1.5) }}').message).toContain(
      "'float' object cannot be interpreted as an integer",
    );
    expect(renderError('{{ range(1, 2, 0) }}').message).toContain('range() arg 3 must not be zero');
    expect(renderError('{{ range(stop=3) }}').message).toContain('range() takes no keyword arguments');
  });
});

describe('escaping per engine', () => {
  const attack = "\\' UNION SELECT password FROM users -- ";
  const withAttack = (template: string, dialect: 'postgresql' | 'mysql' | 'sqlite' | 'duckdb'): string =>
    renderSqlTemplate(template, {
      params: { v: [attack] },
      macros: { ...MACROS, urlParams: { x: attack } },
      dialect,
    });

  it("doubles backslashes on MySQL/MariaDB, where \\' would end the literal", () => {
    expect(withAttack("'{{ url_param('x') }}'", 'mysql')).toBe(
      "'\\\\'' UNION SELECT password FROM users -- '",
    );
    expect(withAttack("'{{ 'a\\\\b' | sql_quote }}'", 'mysql')).toBe("'a\\\\b'");
    expect(withAttack('{{ v | where_in }}', 'mysql')).toBe("('\\\\'' UNION SELECT password FROM users -- ')");
  });

  it('leaves backslashes alone in standard strings', () => {
    for (const dialect of ['postgresql', 'sqlite', 'duckdb'] as const) {
      expect(withAttack("'{{ url_param('x') }}'", dialect)).toBe(
        "'\\'' UNION SELECT password FROM users -- '",
      );
    }
  });

  it("doubles backslashes on PostgreSQL when the template writes E'' or U&'' strings", () => {
    expect(withAttack("E'{{ url_param('x') }}'", 'postgresql')).toBe(
      "E'\\\\'' UNION SELECT password FROM users -- '",
    );
    expect(withAttack("SELECT u&'{{ v | where_in }}'", 'postgresql')).toContain("\\\\''");
    // A column named like "code" ending in e before a quote is not an escape string.
    expect(withAttack("WHERE code='{{ url_param('x') }}'", 'postgresql')).toContain("='\\'' UNION");
  });
});
