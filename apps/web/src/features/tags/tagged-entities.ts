import type { TaggedEntity } from '@tessera/contracts';

/** The sections of the all-entities page, in Superset's order, with their titles. */
export const ENTITY_SECTIONS = [
  { type: 'dashboard', title: 'Dashboards' },
  { type: 'chart', title: 'Charts' },
  { type: 'query', title: 'Saved queries' },
] as const;

export type EntitySectionType = (typeof ENTITY_SECTIONS)[number]['type'];

/** What the all-entities page shows when nothing carries the tag. */
export const NO_TAGGED_ENTITIES = 'No entities have this tag currently assigned';

/** The tagged entities by kind, each kind by name; kinds with none are left out. */
export function groupTaggedEntities(
  entities: readonly TaggedEntity[],
): { type: EntitySectionType; title: string; entities: TaggedEntity[] }[] {
  return ENTITY_SECTIONS.flatMap((section) => {
    const ofType = entities
      .filter((entity) => entity.type === section.type)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return ofType.length === 0 ? [] : [{ ...section, entities: ofType }];
  });
}

/** The page's `id` parameter as a tag id, or null when it is missing or not a positive whole number. */
export function tagIdParam(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
