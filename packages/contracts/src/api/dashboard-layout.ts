import { z } from 'zod';

/**
 * The dashboard layout tree stored in `position_json` (reference §8.3, §12.4; spec 001 §5, §9).
 * A flat map of components by id under ROOT_ID → GRID_ID (or ROOT_ID → TABS), plus the version key.
 * The server validates every write with these schemas and the rules in @tessera/core's
 * dashboard-layout; the editor builds trees with the same types.
 */

export const DASHBOARD_ROOT_ID = 'ROOT_ID';
export const DASHBOARD_GRID_ID = 'GRID_ID';
export const DASHBOARD_HEADER_ID = 'HEADER_ID';
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';

export const LAYOUT_COMPONENT_TYPES = [
  'ROOT',
  'GRID',
  'HEADER',
  'ROW',
  'COLUMN',
  'CHART',
  'MARKDOWN',
  'DIVIDER',
  'TABS',
  'TAB',
  'DYNAMIC',
] as const;
export const layoutComponentTypeSchema = z.enum(LAYOUT_COMPONENT_TYPES);
export type LayoutComponentType = z.infer<typeof layoutComponentTypeSchema>;

/** Grid geometry (spec 001 §9, reference §12.4). Widths are in columns, heights in GRID_BASE_UNIT rows. */
export const GRID_COLUMN_COUNT = 12;
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 16;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;
/** A drop within this many pixels of a component's edge lands beside it rather than inside. */
export const DROP_EDGE_THRESHOLD_PX = 20;
/** History keeps UNDO_LIMIT + 2 entries; the warning shows once it is exceeded. */
export const UNDO_LIMIT = 50;

export const HEADER_SIZES = ['SMALL_HEADER', 'MEDIUM_HEADER', 'LARGE_HEADER'] as const;
export type HeaderSize = (typeof HEADER_SIZES)[number];
export const BACKGROUNDS = ['BACKGROUND_TRANSPARENT', 'BACKGROUND_WHITE'] as const;
export type LayoutBackground = (typeof BACKGROUNDS)[number];

const width = z.number().int().min(GRID_MIN_COLUMN_COUNT).max(GRID_COLUMN_COUNT);
/** Superset stores heights as grid rows; imported layouts hold values beyond the editor's range. */
const height = z.number().int().min(1).max(10_000);
const background = z.enum(BACKGROUNDS);
const text = z.string().max(10_000);

/** Meta per type; unknown keys are kept (Superset and plugins add their own). */
export const chartMetaSchema = z
  .object({
    chartId: z.number().int().positive(),
    width,
    height,
    sliceName: z.string().max(1000).optional(),
    sliceNameOverride: z.string().max(1000).optional(),
    uuid: z.string().max(64).optional(),
  })
  .loose();
export const markdownMetaSchema = z
  .object({ width, height, code: z.string().max(60_000).optional() })
  .loose();
export const columnMetaSchema = z.object({ width, background: background.optional() }).loose();
export const rowMetaSchema = z.object({ background: background.optional() }).loose();
export const tabMetaSchema = z
  .object({ text: text.optional(), defaultText: text.optional(), placeholder: text.optional() })
  .loose();
export const headerMetaSchema = z
  .object({
    text: text.optional(),
    headerSize: z.enum(HEADER_SIZES).optional(),
    background: background.optional(),
  })
  .loose();
export const dynamicMetaSchema = z.object({ width, background: background.optional() }).loose();

export const layoutComponentSchema = z.object({
  id: z.string().min(1).max(250),
  type: layoutComponentTypeSchema,
  children: z.array(z.string().max(250)).max(1000).default([]),
  parents: z.array(z.string().max(250)).max(100).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type LayoutComponent = z.infer<typeof layoutComponentSchema>;

export type ChartMeta = z.infer<typeof chartMetaSchema>;
export type MarkdownMeta = z.infer<typeof markdownMetaSchema>;
export type ColumnMeta = z.infer<typeof columnMetaSchema>;
export type RowMeta = z.infer<typeof rowMetaSchema>;
export type TabMeta = z.infer<typeof tabMetaSchema>;
export type HeaderMeta = z.infer<typeof headerMetaSchema>;

/** The meta schema each type must satisfy; types without an entry take any (or no) meta. */
export const LAYOUT_META_SCHEMAS: Partial<Record<LayoutComponentType, z.ZodType>> = {
  CHART: chartMetaSchema,
  MARKDOWN: markdownMetaSchema,
  COLUMN: columnMetaSchema,
  ROW: rowMetaSchema,
  TAB: tabMetaSchema,
  HEADER: headerMetaSchema,
  DYNAMIC: dynamicMetaSchema,
};

/** A parsed layout: components by id. The version key is not a component and is kept apart. */
export type DashboardLayout = Record<string, LayoutComponent>;

/** Component ids look like Superset's `<TYPE>-<10 url-safe characters>` (fixed ids aside). */
export const LAYOUT_COMPONENT_ID_PATTERN = /^[A-Z_]+-[A-Za-z0-9_-]+$/;
