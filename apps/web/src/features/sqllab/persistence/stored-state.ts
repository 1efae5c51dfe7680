import {
  CTAS_METHODS,
  LIMITING_FACTORS,
  QUERY_STATES,
  resultColumnSchema as contractResultColumnSchema,
  supersetErrorSchema,
  tableMetadataSchema,
} from '@tessera/contracts';
import { z } from 'zod';
import type { PersistedSqlLab, Query, QueryEditor, QueryResults, ResultColumn, Table } from '../state';

// What local storage holds is checked like any other input: a schema per stored type, each tied to
// the state's type, so a change on either side fails the typecheck.

const text = z.string();
const nullableText = z.string().nullable();

const queryEditorSchema: z.ZodType<QueryEditor> = z.object({
  id: text,
  remoteId: z.number().nullable(),
  name: text,
  dbId: z.number().nullable(),
  catalog: nullableText,
  schema: nullableText,
  sql: text,
  selectedText: nullableText,
  templateParams: nullableText,
  autorun: z.boolean(),
  queryLimit: z.number(),
  maxRow: z.number().nullable(),
  latestQueryId: nullableText,
  loaded: z.boolean(),
  inLocalStorage: z.boolean(),
  hideLeftBar: z.boolean(),
  cursorPosition: z.object({ row: z.number(), column: z.number() }),
  updatedAt: z.number(),
  version: z.literal(1),
  northPercent: z.number(),
  southPercent: z.number(),
  tabViewId: text.optional(),
  immutableId: text.optional(),
});

const resultColumnSchema: z.ZodType<ResultColumn> = contractResultColumnSchema.partial({ name: true });

const resultsSchema: z.ZodType<QueryResults> = z.object({
  status: z.enum(QUERY_STATES).nullable(),
  data: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(resultColumnSchema),
  selected_columns: z.array(resultColumnSchema),
  expanded_columns: z.array(resultColumnSchema),
  displayLimitReached: z.boolean(),
});

const querySchema: z.ZodType<Query> = z.object({
  id: text,
  dbId: z.number(),
  sql: text,
  executedSql: nullableText,
  sqlEditorId: nullableText,
  tab: nullableText,
  catalog: nullableText,
  schema: nullableText,
  runAsync: z.boolean(),
  ctas: z.boolean(),
  ctas_method: z.enum(CTAS_METHODS).nullable(),
  tempTable: nullableText,
  tempSchema: nullableText,
  templateParams: nullableText,
  queryLimit: z.number().nullable(),
  limitingFactor: z.enum(LIMITING_FACTORS).nullable(),
  progress: z.number(),
  startDttm: z.number(),
  endDttm: z.number().nullable(),
  state: z.enum(QUERY_STATES),
  rows: z.number().nullable(),
  results: resultsSchema.nullable(),
  resultsKey: nullableText,
  cached: z.boolean(),
  isDataPreview: z.boolean(),
  errors: z.array(supersetErrorSchema).nullable(),
  errorMessage: nullableText,
  link: nullableText,
  trackingUrl: nullableText,
  changed_on: nullableText,
  extra: z.record(z.string(), z.unknown()),
});

const tableSchema: z.ZodType<Table> = z.object({
  id: text,
  dbId: z.number(),
  queryEditorId: text,
  catalog: nullableText,
  schema: nullableText,
  name: text,
  expanded: z.boolean(),
  dataPreviewQueryId: nullableText,
  columns: tableMetadataSchema.shape.columns,
  selectStar: nullableText,
  primaryKey: tableMetadataSchema.shape.primaryKey.nullable(),
  foreignKeys: tableMetadataSchema.shape.foreignKeys,
  indexes: tableMetadataSchema.shape.indexes,
  initialized: z.boolean(),
  persistData: z.boolean(),
  inLocalStorage: z.boolean(),
});

/** The stored part of SQL Lab (`pruneForStorage`'s output). */
export const persistedSqlLabSchema: z.ZodType<PersistedSqlLab> = z.object({
  sqlLabEditors: z.object({
    queryEditors: z.array(queryEditorSchema),
    tabHistory: z.array(text),
    unsavedQueryEditor: z.object({ id: text.optional() }).partial(),
    destroyedQueryEditors: z.record(z.string(), z.number()),
    editorTabLastUpdatedAt: z.number(),
    lastUpdatedActiveTab: nullableText,
  }),
  sqlLabQueries: z.object({ queries: z.record(z.string(), querySchema), queriesLastUpdate: z.number() }),
  sqlLabTables: z.object({ tables: z.array(tableSchema) }),
});
