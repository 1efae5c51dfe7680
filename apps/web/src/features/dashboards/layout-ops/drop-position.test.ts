import { describe, expect, it } from 'vitest';
import { dropPosition } from './drop-position';

const rect = { left: 100, top: 200, width: 400, height: 300 };

describe('dropPosition', () => {
  it('lands before or after within 20 px of the edges along the axis', () => {
    expect(dropPosition({ x: 300, y: 210 }, rect, 'y', true)).toBe('before');
    expect(dropPosition({ x: 300, y: 485 }, rect, 'y', true)).toBe('after');
    expect(dropPosition({ x: 110, y: 350 }, rect, 'x', true)).toBe('before');
    expect(dropPosition({ x: 490, y: 350 }, rect, 'x', true)).toBe('after');
  });

  it('lands inside a container away from the edges', () => {
    expect(dropPosition({ x: 300, y: 221 }, rect, 'y', true)).toBe('inside');
    expect(dropPosition({ x: 300, y: 350 }, rect, 'y', true)).toBe('inside');
  });

  it('picks the nearer half for a component that holds nothing', () => {
    expect(dropPosition({ x: 300, y: 300 }, rect, 'y', false)).toBe('before');
    expect(dropPosition({ x: 300, y: 400 }, rect, 'y', false)).toBe('after');
    expect(dropPosition({ x: 200, y: 350 }, rect, 'x', false)).toBe('before');
  });
});
