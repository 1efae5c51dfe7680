import { describe, expect, it } from 'vitest';
import { birthNames } from '../state/test-fixtures';
import { addToControl } from './add-to-control';

const [ds, gender, , state, num] = birthNames.columns;
const sumNum = birthNames.metrics[0];

describe('addToControl', () => {
  it('adds saved metrics once and aggregates dropped columns', () => {
    if (!sumNum || !num || !gender) throw new Error('fixture');
    const metrics = { type: 'MetricsControl', multi: true } as const;
    expect(addToControl(metrics, [], { kind: 'metric', metric: sumNum })).toEqual({
      kind: 'value',
      value: ['sum__num'],
    });
    expect(addToControl(metrics, ['sum__num'], { kind: 'metric', metric: sumNum })).toEqual({
      kind: 'value',
      value: ['sum__num'],
    });
    const outcome = addToControl(metrics, [], { kind: 'column', column: num });
    expect(outcome).toMatchObject({ kind: 'value', value: [{ aggregate: 'SUM', label: 'SUM(num)' }] });
    expect(addToControl(metrics, [], { kind: 'column', column: gender })).toMatchObject({
      value: [{ aggregate: 'COUNT_DISTINCT' }],
    });
  });

  it('appends or sets columns and only takes temporal columns on a temporal control', () => {
    if (!ds || !gender) throw new Error('fixture');
    expect(
      addToControl({ type: 'GroupByControl', multi: true }, ['ds'], { kind: 'column', column: gender }),
    ).toEqual({
      kind: 'value',
      value: ['ds', 'gender'],
    });
    expect(addToControl({ type: 'TemporalColumnControl' }, null, { kind: 'column', column: ds })).toEqual({
      kind: 'value',
      value: 'ds',
    });
    expect(addToControl({ type: 'TemporalColumnControl' }, null, { kind: 'column', column: gender })).toEqual(
      { kind: 'refused' },
    );
  });

  it('opens a filter for a dropped column and refuses metrics on column controls', () => {
    if (!state || !sumNum) throw new Error('fixture');
    expect(
      addToControl({ type: 'AdhocFilterControl', multi: true }, [], { kind: 'column', column: state }),
    ).toEqual({
      kind: 'openFilter',
      subject: 'state',
    });
    expect(
      addToControl({ type: 'GroupByControl', multi: true }, [], { kind: 'metric', metric: sumNum }),
    ).toEqual({ kind: 'refused' });
  });
});
