/** Superset's all-entities page: what carries one tag (spec 001 §2: a tag links here with `id`). */
export const ALL_ENTITIES_PATH = '/superset/all_entities/';

export const allEntitiesPath = (tagId: number): string => `${ALL_ENTITIES_PATH}?id=${tagId}`;
