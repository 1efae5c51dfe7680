import { describe, expect, it } from 'vitest';
import { drawnLabelColors } from './drawn-colors';

describe('drawnLabelColors', () => {
  it('reads named data items and named series with explicit colours', () => {
    expect(
      drawnLabelColors({
        series: [
          {
            type: 'pie',
            data: [
              { name: 'boy', value: 1, itemStyle: { color: '#111111' } },
              { name: 'girl', value: 2 },
            ],
          },
          { type: 'line', name: 'girl', lineStyle: { color: '#222222' }, data: [[1, 2]] },
        ],
      }),
    ).toEqual({ boy: '#111111', girl: '#222222' });
  });

  it('is empty without series', () => {
    expect(drawnLabelColors({})).toEqual({});
  });
});
