import { randomUUID } from 'node:crypto';
import type { Connector } from '@tessera/connectors';
import type { MetadataDb } from '../../db/kysely';
import type { DatabaseRow } from '../databases/registry';
import { deriveTableColumns } from './dataset-columns';
import {
  COUNT_METRIC,
  appendDatasetFields,
  datasetColumns,
  datasetMetrics,
  findDatasetByName,
  insertDataset,
  type NewDatasetColumn,
  type NewDatasetMetric,
} from './datasets.repo';
import { syncPermissionViews } from '../security/access-pairs';
import type { PrincipalCache } from '../security/principal-cache';

interface ExampleDataset {
  table: string;
  mainDttm: string | null;
  metrics: NewDatasetMetric[];
  calculated: NewDatasetColumn[];
}

/** The example tables Superset ships datasets for, with birth_names' well-known semantic layer. */
const EXAMPLE_DATASETS: ExampleDataset[] = [
  {
    table: 'birth_names',
    mainDttm: 'ds',
    metrics: [
      { metric_name: 'sum__num', verbose_name: 'Babies', metric_type: 'sum', expression: 'SUM(num)' },
    ],
    calculated: [
      {
        column_name: 'num_california',
        expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END",
        type: 'NUMERIC',
        type_generic: 0,
        is_dttm: 0,
      },
    ],
  },
  { table: 'sales', mainDttm: null, metrics: [], calculated: [] },
  {
    // Superset's World Bank dataset: its charts refer to these metrics by name (sum__SP_POP_TOTL, ...).
    table: 'wb_health_population',
    mainDttm: 'year',
    metrics: ['SP_DYN_LE00_IN', 'SH_DYN_AIDS', 'SP_POP_TOTL', 'SP_RUR_TOTL_ZS', 'SP_RUR_TOTL'].map(
      (column): NewDatasetMetric => ({
        metric_name: `sum__${column}`,
        verbose_name: null,
        metric_type: null,
        expression: `sum("${column}")`,
      }),
    ),
    calculated: [],
  },
];

async function schemaHolding(connector: Connector, table: string): Promise<string | null | undefined> {
  for (const schema of await connector.getSchemas()) {
    const tables = await connector.getTables(schema);
    if (tables.some((item) => item.name === table)) return schema;
  }
  return undefined;
}

/**
 * An example dataset made by an older version (e.g. over the 11-column wb_health_population) gets
 * the table's columns and the example metrics it lacks; what it has, the admin's edits included,
 * stays as it is.
 */
async function upgradeExampleDataset(
  db: MetadataDb,
  datasetId: number,
  columns: NewDatasetColumn[],
  metrics: NewDatasetMetric[],
): Promise<void> {
  const haveColumns = new Set((await datasetColumns(db, datasetId)).map((column) => column.column_name));
  const haveMetrics = new Set((await datasetMetrics(db, datasetId)).map((metric) => metric.metric_name));
  await appendDatasetFields(
    db,
    datasetId,
    columns.filter((column) => !haveColumns.has(column.column_name)),
    metrics.filter((metric) => !haveMetrics.has(metric.metric_name)),
  );
}

/**
 * Physical datasets on the examples database, owned by the admin. A dataset that already exists
 * only gains what it lacks (the admin may have edited it), so this runs on every start.
 */
export async function ensureExampleDatasets(
  db: MetadataDb,
  principals: PrincipalCache,
  database: DatabaseRow,
  connector: Connector,
  ownerId: number | null,
): Promise<number[]> {
  const created: number[] = [];
  for (const example of EXAMPLE_DATASETS) {
    const schema = await schemaHolding(connector, example.table);
    if (schema === undefined) continue;
    const where = { databaseId: database.id, catalog: null, schema, tableName: example.table };
    const columns = await deriveTableColumns(connector, { name: example.table, schema, catalog: null });
    const existing = await findDatasetByName(db, where);
    if (existing) {
      await upgradeExampleDataset(db, existing.id, columns, [COUNT_METRIC, ...example.metrics]);
      continue;
    }
    const firstTemporal = columns.find((column) => column.is_dttm === 1)?.column_name ?? null;
    const id = await insertDataset(
      db,
      {
        uuid: randomUUID(),
        table_name: example.table,
        database_id: database.id,
        catalog: null,
        schema,
        sql: null,
        template_params: null,
        is_sqllab_view: 0,
        external_url: null,
        is_managed_externally: 0,
        main_dttm_col: example.mainDttm ?? firstTemporal,
        created_by_fk: ownerId,
        changed_by_fk: ownerId,
      },
      [...columns, ...example.calculated],
      { metrics: [COUNT_METRIC, ...example.metrics], ownerIds: ownerId === null ? [] : [ownerId] },
    );
    created.push(id);
  }
  if (created.length > 0) await syncPermissionViews(db, principals);
  return created;
}
