import { z } from 'zod';
import { readOnlyRoleExtraSchema } from './database-security';
import { databaseParametersSchema, supersetConnectionShape } from './database-parameters';

/** The password placeholder that stands in for a stored password in every response. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

export const ENGINES = ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const;
export type Engine = (typeof ENGINES)[number];

const jsonText = z
  .string()
  .max(65_536)
  .refine(
    (text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    },
    { message: 'Field cannot be decoded by JSON.' },
  )
  .refine(
    (text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return true; // reported by the check above
      }
      return readOnlyRoleExtraSchema.safeParse(parsed).success;
    },
    { message: 'read_only_role must be a role name of 1 to 63 characters, or null.' },
  );

export const databaseWritableShape = {
  database_name: z.string().trim().min(1).max(250),
  sqlalchemy_uri: z.string().trim().min(1).max(1024),
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  disable_data_preview: z.boolean(),
  extra: jsonText,
  cache_timeout: z.number().int().nonnegative().nullable(),
  force_ctas_schema: z.string().max(250).nullable(),
};

/**
 * A connection is given as a URI, or as `parameters` (with `engine`) the server builds the URI from;
 * beside parameters, Superset's modal may send an empty URI, which then means nothing.
 */
function hasConnection(
  body: { sqlalchemy_uri?: string | undefined; parameters?: unknown },
  context: z.RefinementCtx,
): void {
  const hasParameters = body.parameters !== undefined && body.parameters !== null;
  if (!hasParameters && (body.sqlalchemy_uri === undefined || body.sqlalchemy_uri === '')) {
    context.addIssue({
      code: 'custom',
      path: ['sqlalchemy_uri'],
      message: 'Enter a connection URI or the connection parameters.',
    });
  }
}

/** Like the update's URI, but may be left out or blank when `parameters` describe the connection. */
const optionalUri = z.string().trim().max(1024).optional();

/** An update need not touch the connection, but a URI it sends must not be blank without parameters. */
function updateHasConnection(
  body: { sqlalchemy_uri?: string | undefined; parameters?: unknown },
  context: z.RefinementCtx,
): void {
  if (body.sqlalchemy_uri === '') hasConnection(body, context);
}

export const databaseCreateSchema = z
  .object({
    ...databaseWritableShape,
    ...supersetConnectionShape,
    sqlalchemy_uri: optionalUri,
    expose_in_sqllab: databaseWritableShape.expose_in_sqllab.default(true),
    allow_run_async: databaseWritableShape.allow_run_async.default(false),
    allow_dml: databaseWritableShape.allow_dml.default(false),
    allow_ctas: databaseWritableShape.allow_ctas.default(false),
    allow_cvas: databaseWritableShape.allow_cvas.default(false),
    allow_file_upload: databaseWritableShape.allow_file_upload.default(false),
    disable_data_preview: databaseWritableShape.disable_data_preview.default(false),
    extra: databaseWritableShape.extra.default('{}'),
    cache_timeout: databaseWritableShape.cache_timeout.default(null),
    force_ctas_schema: databaseWritableShape.force_ctas_schema.default(null),
  })
  .strict()
  .superRefine(hasConnection);
export type DatabaseCreate = z.infer<typeof databaseCreateSchema>;

export const databaseUpdateSchema = z
  .object({ ...databaseWritableShape, ...supersetConnectionShape, sqlalchemy_uri: optionalUri })
  .partial()
  .strict()
  .superRefine(updateHasConnection);
export type DatabaseUpdate = z.infer<typeof databaseUpdateSchema>;

export const testConnectionSchema = z
  .object({
    ...supersetConnectionShape,
    sqlalchemy_uri: optionalUri,
    database_name: databaseWritableShape.database_name.optional(),
    extra: databaseWritableShape.extra.optional(),
    /** When testing an edited connection whose URI still carries the mask, the stored password is used. */
    id: z.number().int().positive().optional(),
  })
  .strict()
  .superRefine(hasConnection);
export type TestConnection = z.infer<typeof testConnectionSchema>;

const counted = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), result: z.array(item) });

/**
 * GET /api/v1/database/{pk}/related_objects/: Superset's charts, dashboards and SQL Lab tabs, plus the
 * datasets, which are what blocks a delete.
 */
export const databaseRelatedObjectsSchema = z.object({
  charts: counted(z.object({ id: z.number().int(), slice_name: z.string(), viz_type: z.string() })),
  dashboards: counted(
    z.object({
      id: z.number().int(),
      title: z.string(),
      slug: z.string().nullable(),
      json_metadata: z.string().nullable(),
    }),
  ),
  sqllab_tab_states: counted(z.object({ id: z.number().int(), label: z.string(), active: z.boolean() })),
  datasets: counted(
    z.object({ id: z.number().int(), table_name: z.string(), schema: z.string().nullable() }),
  ),
});
export type DatabaseRelatedObjects = z.infer<typeof databaseRelatedObjectsSchema>;

/** Superset's refusal to delete a database that datasets still use (422). */
export const DATABASE_HAS_DATASETS_MESSAGE = 'Cannot delete a database that has datasets attached';

const userRefSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const databaseSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  database_name: z.string(),
  sqlalchemy_uri: z.string(),
  backend: z.string(),
  engine_name: z.string(),
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  disable_data_preview: z.boolean(),
  allows_subquery: z.boolean(),
  allow_multi_catalog: z.boolean(),
  extra: z.string(),
  cache_timeout: z.number().int().nullable(),
  force_ctas_schema: z.string().nullable(),
  created_by: userRefSchema.nullable(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  /** The URI as Superset's dynamic form fields (password masked); absent when the URI has none. */
  parameters: databaseParametersSchema.optional(),
  /** GET list and page: privileges that make read-only depend on the parser (see database-security). */
  security_warnings: z.array(z.string()).optional(),
});
export type Database = z.infer<typeof databaseSchema>;

export const tableTypeSchema = z.enum(['table', 'view', 'materialized_view']);
export const tableListItemSchema = z.object({
  value: z.string(),
  type: tableTypeSchema,
  extra: z.record(z.string(), z.unknown()).nullable(),
});
export const tablesResponseSchema = z.object({
  count: z.number().int(),
  result: z.array(tableListItemSchema),
});
export type TablesResponse = z.infer<typeof tablesResponseSchema>;

export const schemasQuerySchema = z
  .object({
    force: z.boolean().default(false),
    catalog: z.string().max(250).nullable().optional(),
    upload_allowed: z.boolean().optional(),
  })
  .strict();
export const tablesQuerySchema = z
  .object({
    schema_name: z.string().min(1).max(250),
    catalog_name: z.string().max(250).nullable().optional(),
    force: z.boolean().default(false),
  })
  .strict();
export const catalogsQuerySchema = z.object({ force: z.boolean().default(false) }).strict();

export const tableMetadataQuerySchema = z
  .object({
    name: z.string().min(1).max(250),
    schema: z.string().max(250).optional(),
    catalog: z.string().max(250).optional(),
  })
  .strict();

export const keyInfoSchema = z.object({
  name: z.string().nullable(),
  column_names: z.array(z.string()),
  options: z.record(z.string(), z.unknown()),
  referred_columns: z.array(z.string()).optional(),
  referred_schema: z.string().nullable().optional(),
  referred_table: z.string().optional(),
  type: z.string(),
  unique: z.boolean().optional(),
});

export const tableMetadataSchema = z.object({
  name: z.string(),
  columns: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      longType: z.string(),
      type_generic: z.number().int().nullable(),
      is_dttm: z.boolean(),
      nullable: z.boolean(),
      default: z.string().nullable(),
      keys: z.array(keyInfoSchema),
      comment: z.string().nullable(),
    }),
  ),
  selectStar: z.string(),
  primaryKey: z.object({
    column_names: z.array(z.string()),
    name: z.string().nullable(),
    type: z.literal('pk'),
  }),
  foreignKeys: z.array(keyInfoSchema),
  indexes: z.array(keyInfoSchema),
  comment: z.string().nullable(),
});
export type TableMetadataResponse = z.infer<typeof tableMetadataSchema>;
