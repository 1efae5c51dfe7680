import type { TaggedEntity } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { groupTaggedEntities, tagIdParam } from './tagged-entities';

const entity = (type: TaggedEntity['type'], id: number, name: string): TaggedEntity => ({
  id,
  type,
  name,
  url: `/x/${id}`,
  changed_on: '2026-01-01T00:00:00.000Z',
  created_by: null,
  creator: '',
  owners: [],
  tags: [],
});

describe('groupTaggedEntities', () => {
  it('puts dashboards, then charts, then saved queries, each by name, and drops empty kinds', () => {
    const groups = groupTaggedEntities([
      entity('chart', 3, 'Zeta'),
      entity('query', 9, 'Q'),
      entity('chart', 2, 'alpha'),
    ]);
    expect(groups.map((group) => [group.title, group.entities.map((e) => e.id)])).toEqual([
      ['Charts', [2, 3]],
      ['Saved queries', [9]],
    ]);
  });

  it('is empty when nothing carries the tag', () => {
    expect(groupTaggedEntities([])).toEqual([]);
  });
});

describe('tagIdParam', () => {
  it('reads a positive whole number and refuses anything else', () => {
    expect(tagIdParam('12')).toBe(12);
    expect(tagIdParam(null)).toBeNull();
    expect(tagIdParam('')).toBeNull();
    expect(tagIdParam('0')).toBeNull();
    expect(tagIdParam('1.5')).toBeNull();
    expect(tagIdParam('abc')).toBeNull();
  });
});
