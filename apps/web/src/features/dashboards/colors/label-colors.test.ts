import { describe, expect, it } from 'vitest';
import { dashboardLabelColors, labelColorsChanged, savedLabelColorMap } from './label-colors';

describe('savedLabelColorMap', () => {
  it('prefers map_label_colors, then a shared_label_colors map, and ignores a label list', () => {
    expect(
      savedLabelColorMap({ map_label_colors: { a: '#111111' }, shared_label_colors: { a: '#222222' } }),
    ).toEqual({
      a: '#111111',
    });
    expect(savedLabelColorMap({ shared_label_colors: { a: '#222222' } })).toEqual({ a: '#222222' });
    expect(savedLabelColorMap({ shared_label_colors: ['a'] })).toEqual({});
  });
});

describe('dashboardLabelColors', () => {
  it('lets label_colors win over the saved map', () => {
    const resolver = dashboardLabelColors(
      { label_colors: { boy: '#ff00ff' }, map_label_colors: { boy: '#1f77b4' } },
      'd3Category10',
    );
    expect(resolver.color('boy')).toBe('#ff00ff');
  });
});

describe('labelColorsChanged', () => {
  it('is true for a new or recoloured label only', () => {
    expect(labelColorsChanged({ a: '#1' }, { a: '#1' })).toBe(false);
    expect(labelColorsChanged({ a: '#1' }, { a: '#1', b: '#2' })).toBe(true);
    expect(labelColorsChanged({ a: '#1' }, { a: '#2' })).toBe(true);
  });
});
