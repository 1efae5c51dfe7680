import { describe, expect, it } from 'vitest';
import type { TemplateFilter } from './macros';
import { renderSqlTemplate } from './render';
import { MACROS } from './test-support';

/** Renders with the given query filters; returns the SQL and the columns the template read. */
function renderWith(template: string, filters: readonly TemplateFilter[]) {
  const reads: [string, boolean][] = [];
  const sql = renderSqlTemplate(template, {
    params: {},
    macros: { ...MACROS, filters, onFilterRead: (column, removed) => reads.push([column, removed]) },
    dialect: 'postgresql',
  });
  return { sql, reads };
}

const FILTERS: TemplateFilter[] = [
  { col: 'state', op: 'IN', val: ['CA', 'NY'] },
  { col: 'gender', op: '==', val: 'girl' },
  { col: 'num', op: '>', val: 100 },
  { col: 'name', op: 'in', val: 'Amy' },
  { col: 'empty', op: 'IN', val: [] },
];

describe('filter_values()', () => {
  it('lists the values of every filter on the column, lists flattened', () => {
    expect(renderWith("{{ filter_values('state') }}", FILTERS).sql).toBe("['CA', 'NY']");
    expect(renderWith("{{ filter_values('gender') }}", FILTERS).sql).toBe("['girl']");
    expect(renderWith("{{ filter_values('num') }}", FILTERS).sql).toBe('[100]');
    expect(
      renderWith("{{ filter_values('state') }}", [...FILTERS, { col: 'state', op: '!=', val: 'TX' }]).sql,
    ).toBe("['CA', 'NY', 'TX']");
  });

  it('answers [] or [default] when the column has no filter with a value', () => {
    expect(renderWith("{{ filter_values('ds') }}", FILTERS).sql).toBe('[]');
    expect(renderWith("{{ filter_values('empty') }}", FILTERS).sql).toBe('[]');
    expect(renderWith("{{ filter_values('ds', 'all') }}", FILTERS).sql).toBe("['all']");
    expect(renderWith("{{ filter_values('ds', default='x') }}", []).sql).toBe("['x']");
  });

  it('reads as Superset documents it, with str.join and where_in', () => {
    expect(renderWith(`action in ({{ "'" + "','".join(filter_values('state')) + "'" }})`, FILTERS).sql).toBe(
      "action in ('CA','NY')",
    );
    expect(renderWith("state IN {{ filter_values('state') | where_in }}", FILTERS).sql).toBe(
      "state IN ('CA', 'NY')",
    );
  });

  it('reports the column read, and whether its filter is removed from the outer query', () => {
    expect(renderWith("{{ filter_values('state') }}", FILTERS).reads).toEqual([['state', false]]);
    expect(renderWith("{{ filter_values('state', remove_filter=True) }}", FILTERS).reads).toEqual([
      ['state', true],
    ]);
    expect(renderWith("{{ filter_values('ds', remove_filter=True) }}", FILTERS).reads).toEqual([]);
  });

  it('has no filters outside chart queries', () => {
    expect(
      renderSqlTemplate("{{ filter_values('state') }}", { params: {}, macros: MACROS, dialect: 'sqlite' }),
    ).toBe('[]');
  });
});

describe('get_filters()', () => {
  it('returns {op, col, val} dicts, IN values always as lists and operators upper-cased', () => {
    const template =
      "{% for f in get_filters('name') %}{{ f.op }} {{ f.col }} {{ f.val }}{% endfor %}|" +
      "{% for f in get_filters('num') %}{{ f.get('op') }} {{ f.get('val') }} {{ f.get('nope', 0) }}{% endfor %}";
    expect(renderWith(template, FILTERS).sql).toBe("IN name ['Amy']|> 100 0");
  });

  it('writes the documented recursive-CTE pattern', () => {
    const template = [
      "{%- for filter in get_filters('state', remove_filter=True) -%}",
      "{%- if filter.get('op') == 'IN' -%}",
      `AND state IN ( {{ "'" + "', '".join(filter.get('val')) + "'" }} )`,
      '{%- endif -%}',
      '{%- endfor -%}',
    ].join('\n');
    const { sql, reads } = renderWith(template, FILTERS);
    expect(sql).toBe("AND state IN ( 'CA', 'NY' )");
    expect(reads).toEqual([['state', true]]);
  });

  it('checks its arguments', () => {
    expect(() => renderWith('{{ get_filters(1) }}', FILTERS)).toThrow(
      'get_filters() column must be a string',
    );
    expect(() => renderWith("{{ ', '.join([1]) }}", FILTERS)).toThrow('expected str instance, int found');
  });
});
