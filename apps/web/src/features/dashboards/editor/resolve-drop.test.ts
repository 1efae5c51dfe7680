import { describe, expect, it } from 'vitest';
import { sampleLayout } from '../layout-ops/fixtures.test-helpers';
import { resolveDrop } from './resolve-drop';

const rect = { left: 0, top: 0, width: 300, height: 400 };
const chartInRow = {
  kind: 'frame' as const,
  componentId: 'CHART-2',
  type: 'CHART' as const,
  parentId: 'ROW-1',
  parentType: 'ROW' as const,
  index: 1,
};

describe('resolveDrop', () => {
  it('drops at the end of a container over its zone', () => {
    expect(resolveDrop(sampleLayout(), { kind: 'zone', containerId: 'ROW-1' }, { x: 1, y: 1 }, rect)).toEqual(
      {
        destination: { parentId: 'ROW-1', index: 2 },
        indicator: { key: 'zone:ROW-1', position: 'inside' },
      },
    );
  });

  it('places beside a chart in a row along x', () => {
    expect(resolveDrop(sampleLayout(), chartInRow, { x: 5, y: 200 }, rect)?.destination).toEqual({
      parentId: 'ROW-1',
      index: 1,
    });
    expect(resolveDrop(sampleLayout(), chartInRow, { x: 290, y: 200 }, rect)?.destination).toEqual({
      parentId: 'ROW-1',
      index: 2,
    });
  });

  it("places above or below the whole row near a chart's top or bottom edge", () => {
    expect(resolveDrop(sampleLayout(), chartInRow, { x: 150, y: 5 }, rect)).toEqual({
      destination: { parentId: 'GRID_ID', index: 0 },
      indicator: { key: 'frame:ROW-1', position: 'before' },
    });
    expect(resolveDrop(sampleLayout(), chartInRow, { x: 150, y: 395 }, rect)?.destination).toEqual({
      parentId: 'GRID_ID',
      index: 1,
    });
  });

  it('drops inside a row away from its edges', () => {
    const row = {
      kind: 'frame' as const,
      componentId: 'ROW-1',
      type: 'ROW' as const,
      parentId: 'GRID_ID',
      parentType: 'GRID' as const,
      index: 0,
    };
    expect(resolveDrop(sampleLayout(), row, { x: 150, y: 200 }, rect)?.destination).toEqual({
      parentId: 'ROW-1',
      index: 2,
    });
    expect(resolveDrop(sampleLayout(), row, { x: 150, y: 390 }, rect)?.destination).toEqual({
      parentId: 'GRID_ID',
      index: 1,
    });
  });

  it('answers nothing for a vanished target', () => {
    expect(
      resolveDrop(sampleLayout(), { kind: 'zone', containerId: 'ROW-zz' }, { x: 1, y: 1 }, rect),
    ).toBeUndefined();
  });
});
