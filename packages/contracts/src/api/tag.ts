import { z } from 'zod';
import { listResponseSchema } from './list';

/**
 * Tags, `/api/v1/tag/` (spec 001 §2, reference §14 TAGGING_SYSTEM): Superset's tag model, the links
 * from tags to charts, dashboards and saved queries, and the all-entities page's `get_objects`.
 */

/** Superset's tag kinds: `custom` ones are named by users, the others Superset derives. */
export const TAG_TYPES = ['custom', 'type', 'owner', 'favorited_by'] as const;
export const tagTypeSchema = z.enum(TAG_TYPES);
export type TagType = z.infer<typeof tagTypeSchema>;

/**
 * The kinds of object a tag links to, as the `/api/v1/tag/{object_type}/…` paths name them. Superset
 * calls a saved query `query`; `saved_query` is taken as the same kind.
 */
export const TAGGED_OBJECT_TYPES = ['chart', 'dashboard', 'saved_query', 'query'] as const;
export const taggedObjectTypeSchema = z.enum(TAGGED_OBJECT_TYPES);
export type TaggedObjectType = z.infer<typeof taggedObjectTypeSchema>;

/** The path's object type: a name, or Superset's ObjectType number (1 query, 2 chart, 3 dashboard). */
export const taggedObjectTypeParamSchema = z.union([
  taggedObjectTypeSchema,
  z
    .enum(['1', '2', '3'])
    .transform((n): TaggedObjectType => (n === '1' ? 'query' : n === '2' ? 'chart' : 'dashboard')),
]);

/** What a stored link names: `query` and `saved_query` are one kind. */
export type StoredTaggedObjectType = 'chart' | 'dashboard' | 'saved_query';
export const storedTaggedObjectType = (type: TaggedObjectType): StoredTaggedObjectType =>
  type === 'query' ? 'saved_query' : type;

/** A tag name: trimmed, not empty; a colon is kept for Superset's derived `owner:1` style names. */
export const tagNameSchema = z.string().trim().min(1, 'Name is required.').max(250);

/** A tag as charts, dashboards and saved queries list it. */
export const tagRefSchema = z.object({ id: z.number().int(), name: z.string(), type: tagTypeSchema });
export type TagRef = z.infer<typeof tagRefSchema>;

/** Tags of an object's PUT: tag ids, or names (a name not yet known becomes a custom tag). */
export const objectTagsInputSchema = z.array(z.union([z.number().int().positive(), tagNameSchema])).max(100);

const userSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** One tag as GET /api/v1/tag/{id} and the list answer it. */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: tagTypeSchema,
  description: z.string().nullable(),
  created_by: userSchema.nullable(),
  changed_by: userSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  created_on_delta_humanized: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** A tag narrowed by `columns`. */
export const tagItemSchema = tagSchema
  .extend({
    created_by: userSchema.partial({ first_name: true, last_name: true }).nullable(),
    changed_by: userSchema.partial({ first_name: true, last_name: true }).nullable(),
  })
  .partial();
export type TagItem = z.infer<typeof tagItemSchema>;

export const tagShowResponseSchema = z.object({ id: z.number().int(), result: tagItemSchema });
export const tagListResponseSchema = listResponseSchema(tagItemSchema);
export type TagListResponse = z.infer<typeof tagListResponseSchema>;

/** `[object_type, object_id]` pairs a POST or PUT of a tag links it to. */
const objectsToTagSchema = z.array(z.tuple([taggedObjectTypeSchema, z.number().int().positive()])).max(1000);

/** POST /api/v1/tag/ (TagPostSchema). */
export const tagCreateSchema = z
  .object({
    name: tagNameSchema,
    description: z.string().max(10_000).nullable().optional(),
    objects_to_tag: objectsToTagSchema.optional(),
  })
  .strict();
export type TagCreate = z.infer<typeof tagCreateSchema>;

/** PUT /api/v1/tag/{id}: `objects_to_tag`, when given, replaces the tag's links. */
export const tagUpdateSchema = z
  .object({
    name: tagNameSchema.optional(),
    description: z.string().max(10_000).nullable().optional(),
    objects_to_tag: objectsToTagSchema.optional(),
  })
  .strict();
export type TagUpdate = z.infer<typeof tagUpdateSchema>;

export const tagWriteResponseSchema = z.object({ id: z.number().int(), result: tagSchema });
export type TagWriteResponse = z.infer<typeof tagWriteResponseSchema>;

/** The `q` of bulk delete: tag names, as Superset's, or ids. */
export const tagBulkDeleteSchema = z
  .array(z.union([z.number().int().positive(), tagNameSchema]))
  .min(1)
  .max(1000);

/** POST /api/v1/tag/{object_type}/{object_id}/: the names to put on the object. */
export const tagObjectBodySchema = z
  .object({ properties: z.object({ tags: z.array(tagNameSchema).min(1).max(100) }).strict() })
  .strict();
export type TagObjectBody = z.infer<typeof tagObjectBodySchema>;

const commaList = (max: number) =>
  z
    .string()
    .max(10_000)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(z.string().min(1)).max(max));

/** The query string of GET /api/v1/tag/get_objects/: tag names or ids, and the kinds wanted. */
export const getObjectsQuerySchema = z
  .object({
    tags: commaList(100).optional(),
    tagIds: commaList(100)
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[1-9]\d{0,9}$/, 'Must be a tag id.')
            .transform(Number),
        ),
      )
      .optional(),
    types: commaList(4).pipe(z.array(taggedObjectTypeSchema)).optional(),
  })
  .strict();
export type GetObjectsQuery = z.infer<typeof getObjectsQuerySchema>;

/** One tagged entity of `get_objects` (TaggedObjectEntityResponseSchema); saved queries are `query`. */
export const taggedEntitySchema = z.object({
  id: z.number().int(),
  type: z.enum(['chart', 'dashboard', 'query']),
  name: z.string(),
  url: z.string(),
  changed_on: z.string(),
  created_by: z.number().int().nullable(),
  creator: z.string(),
  owners: z.array(userSchema),
  tags: z.array(tagRefSchema),
});
export type TaggedEntity = z.infer<typeof taggedEntitySchema>;

export const getObjectsResponseSchema = z.object({ result: z.array(taggedEntitySchema) });
export type GetObjectsResponse = z.infer<typeof getObjectsResponseSchema>;

/** Filters and order columns of GET /api/v1/tag/. */
export const TAG_LIST_FILTERS = {
  name: ['ct', 'sw', 'eq'],
  type: ['eq', 'custom_tag'],
  id: ['in', 'eq'],
  created_by: ['rel_o_m', 'tag_created_by'],
} as const;
export const TAG_ORDER_COLUMNS = [
  'id',
  'name',
  'type',
  'changed_on',
  'changed_on_delta_humanized',
  'created_on',
  'created_on_delta_humanized',
] as const;
