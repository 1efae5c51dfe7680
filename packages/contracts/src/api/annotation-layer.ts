import { z } from 'zod';

/** Annotation layers and their annotations, `/api/v1/annotation_layer/` (Superset's model API). */

const userRefSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const annotationLayerCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(250),
    descr: z.string().max(10_000).nullable().optional(),
  })
  .strict();
export type AnnotationLayerCreate = z.infer<typeof annotationLayerCreateSchema>;

export const annotationLayerUpdateSchema = annotationLayerCreateSchema.partial().strict();
export type AnnotationLayerUpdate = z.infer<typeof annotationLayerUpdateSchema>;

export const annotationLayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  descr: z.string().nullable(),
  created_by: userRefSchema.nullable(),
  changed_by: userRefSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type AnnotationLayer = z.infer<typeof annotationLayerSchema>;

export const annotationLayerListResponseSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
  result: z.array(annotationLayerSchema),
});
export type AnnotationLayerListResponse = z.infer<typeof annotationLayerListResponseSchema>;

export const annotationLayerWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.object({ name: z.string(), descr: z.string().nullable() }),
});

/**
 * A date-time as Superset's clients send one (`2024-01-31T10:00:00`, with or without a zone). Kept as
 * text; the service stores it normalised to UTC ISO so that text order is time order.
 */
const dateTimeText = z
  .string()
  .max(64)
  .refine((text) => !Number.isNaN(Date.parse(text)), 'Not a valid datetime.');

const annotationFields = {
  short_descr: z.string().trim().min(1, 'Short description is required.').max(500),
  long_descr: z.string().max(100_000).nullable().optional(),
  start_dttm: dateTimeText,
  end_dttm: dateTimeText,
  json_metadata: z.string().max(100_000).nullable().optional(),
};

export const annotationCreateSchema = z.object(annotationFields).strict();
export type AnnotationCreate = z.infer<typeof annotationCreateSchema>;

export const annotationUpdateSchema = z.object(annotationFields).partial().strict();
export type AnnotationUpdate = z.infer<typeof annotationUpdateSchema>;

export const annotationSchema = z.object({
  id: z.number().int(),
  layer: z.object({ id: z.number().int(), name: z.string() }),
  short_descr: z.string(),
  long_descr: z.string().nullable(),
  start_dttm: z.string(),
  end_dttm: z.string(),
  json_metadata: z.string().nullable(),
  created_by: userRefSchema.nullable(),
  changed_by: userRefSchema.nullable(),
  changed_on_delta_humanized: z.string(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const annotationListResponseSchema = z.object({
  count: z.number().int(),
  ids: z.array(z.number().int()),
  result: z.array(annotationSchema),
});

export const annotationWriteResponseSchema = z.object({
  id: z.number().int(),
  result: z.object({
    short_descr: z.string(),
    long_descr: z.string().nullable(),
    start_dttm: z.string(),
    end_dttm: z.string(),
    json_metadata: z.string().nullable(),
  }),
});

/** The `q` of a bulk delete: `!(1,2,3)`. */
export const annotationIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);

/** The messages of Superset's annotation commands. */
export const ANNOTATION_MESSAGES = {
  layerNameUnique: 'Name must be unique',
  layerHasAnnotations: 'Annotation layer has associated annotations.',
  endBeforeStart: 'End date must be after start date',
  shortDescrUnique: 'Short description must be unique for this layer',
  jsonNotValid: 'JSON not valid',
} as const;

/** Where a chart's annotation layer takes its data from (Superset's `sourceType`). */
export const ANNOTATION_SOURCE_TYPES = ['NATIVE', 'table', 'line', ''] as const;
/** What a layer draws (Superset's `annotationType`). */
export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
export const ANNOTATION_STYLES = ['solid', 'dashed', 'longDashed', 'dotted'] as const;

/**
 * One entry of `annotation_layers` in form data and query objects. Loose: saved charts from Superset
 * carry more keys (overrides, titleColumn …) than this app reads.
 */
export const annotationLayerConfigSchema = z
  .object({
    name: z.string().min(1).max(250),
    annotationType: z.enum(ANNOTATION_TYPES),
    sourceType: z.enum(ANNOTATION_SOURCE_TYPES).optional(),
    /** FORMULA: the expression in x; NATIVE: the layer id; table/line: the chart id. */
    value: z.union([z.string().max(1000), z.number()]),
    show: z.boolean().default(true),
    showLabel: z.boolean().optional(),
    style: z.enum(ANNOTATION_STYLES).default('solid'),
    color: z.string().max(32).nullable().optional(),
    width: z.number().min(0).max(50).default(1),
    opacity: z.string().max(32).optional(),
    hideLine: z.boolean().optional(),
    showMarkers: z.boolean().optional(),
    titleColumn: z.string().max(250).optional(),
    descriptionColumns: z.array(z.string().max(250)).max(20).optional(),
    timeColumn: z.string().max(250).optional(),
    intervalEndColumn: z.string().max(250).optional(),
  })
  .loose();
export type AnnotationLayerConfig = z.infer<typeof annotationLayerConfigSchema>;

/** One record of a NATIVE layer in `annotation_data` (times in epoch ms, as chart data answers). */
export const nativeAnnotationRecordSchema = z.object({
  start_dttm: z.number(),
  end_dttm: z.number(),
  short_descr: z.string(),
  long_descr: z.string().nullable(),
  json_metadata: z.string().nullable(),
});
export type NativeAnnotationRecord = z.infer<typeof nativeAnnotationRecordSchema>;

export const nativeAnnotationDataSchema = z.object({
  columns: z.array(z.string()),
  records: z.array(nativeAnnotationRecordSchema),
});
export type NativeAnnotationData = z.infer<typeof nativeAnnotationDataSchema>;
