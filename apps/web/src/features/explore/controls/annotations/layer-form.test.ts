import { describe, expect, it } from 'vitest';
import { layerProblems, layersOf, newLayer, normalizedLayer } from './layer-form';

describe('annotation layer form', () => {
  it('needs a unique name and a value', () => {
    expect(layerProblems(newLayer(), [])).toEqual(['Name is required', 'Formula is required']);
    const event = { ...newLayer(), name: 'Releases', annotationType: 'EVENT' as const };
    expect(layerProblems(event, ['Releases'])).toEqual([
      'A layer with this name exists',
      'Choose an annotation layer',
    ]);
    expect(layerProblems({ ...event, value: 3 }, [])).toEqual([]);
  });

  it('saves events and intervals as NATIVE layers and formulas without a source', () => {
    expect(
      normalizedLayer({ ...newLayer(), name: ' E ', annotationType: 'EVENT', value: '4' }),
    ).toMatchObject({
      name: 'E',
      sourceType: 'NATIVE',
      value: 4,
    });
    const formula = normalizedLayer({ ...newLayer(), name: 'F', value: ' 2*x ', sourceType: 'NATIVE' });
    expect(formula).not.toHaveProperty('sourceType');
    expect(formula.value).toBe('2*x');
  });

  it('reads form data layers and marks the ones it cannot read', () => {
    expect(layersOf([{ name: 'A', annotationType: 'FORMULA', value: 'x' }, { bogus: true }])).toEqual([
      { name: 'A', annotationType: 'FORMULA', value: 'x', show: true, style: 'solid', width: 1 },
      null,
    ]);
    expect(layersOf(undefined)).toEqual([]);
  });
});
