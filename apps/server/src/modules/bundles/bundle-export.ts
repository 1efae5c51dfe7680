import { replaceUriPassword } from '@tessera/connectors';
import {
  BUNDLE_RESOURCES,
  BUNDLE_VERSION,
  PASSWORD_MASK,
  isRecord,
  type BundleResource,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { canSeeChart } from '../charts/chart-access';
import { canSeeDashboard } from '../dashboards/dashboard-access';
import { dashboardChartIds } from '../dashboards/dashboards.service';
import { canAccessDatabase } from '../databases/databases.service';
import { canSeeDataset } from '../datasets/dataset-access';
import { canSeeSavedQuery } from '../saved-queries/saved-queries.service';
import type { Principal } from '../security/principal';
import { dumpBundleYaml } from './bundle-yaml';
import { writeBundle } from './bundle-zip';
import {
  columnsOf,
  datasetIdsOfDatabase,
  findChartRecord,
  findDashboardRecord,
  findDatabaseRecord,
  findDatasetRecord,
  findSavedQueryRecord,
  metricsOf,
  ownerIdsOf,
  type ChartRecord,
  type DashboardRecord,
  type DatabaseRecord,
  type DatasetRecord,
  type SavedQueryRecord,
} from './bundles.repo';

/**
 * Export in Superset's bundle format (reference §3–§9): the asked objects, each only if the caller
 * may read it (404 otherwise, as for one missing id), plus what they depend on — a dashboard brings
 * its charts, a chart its dataset, a dataset its database — so the bundle imports on its own.
 */

/** Superset names files after objects with their unsafe characters replaced. */
export function fileSafe(name: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '');
  return safe === '' ? 'untitled' : safe.slice(0, 120);
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return isRecord(value) && Object.keys(value).length > 0 ? value : null;
}

function parseJson(text: string | null): unknown {
  if (text === null || text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const bool = (flag: number): boolean => flag === 1;

/** Timestamps as Superset writes them into folder names: 20240101T120000. */
const compactTime = (date: Date): string => date.toISOString().replace(/[-:]/g, '').slice(0, 15);

class BundleWriter {
  readonly files = new Map<string, unknown>();
  private readonly databases = new Map<number, DatabaseRecord>();
  private readonly datasets = new Map<number, DatasetRecord>();
  private readonly charts = new Set<number>();
  private readonly used = new Set<string>();

  constructor(private readonly ctx: AppContext) {}

  /** A unique path: a second object with the same name gets its id appended. */
  private place(folder: string, name: string, id: number): string {
    let path = `${folder}/${name}.yaml`;
    if (this.used.has(path)) path = `${folder}/${name}_${id}.yaml`;
    this.used.add(path);
    return path;
  }

  database(row: DatabaseRecord): void {
    if (this.databases.has(row.id)) return;
    this.databases.set(row.id, row);
    const extra = parseJson(row.extra);
    const extraObject = isRecord(extra) ? { ...extra } : {};
    // Superset keeps this switch in `extra`; Tessera has a column for it.
    if (row.disable_data_preview === 1) extraObject.disable_data_preview = true;
    this.files.set(this.place('databases', fileSafe(row.database_name), row.id), {
      database_name: row.database_name,
      sqlalchemy_uri:
        row.password_encrypted === null
          ? row.sqlalchemy_uri
          : replaceUriPassword(row.sqlalchemy_uri, PASSWORD_MASK),
      cache_timeout: row.cache_timeout,
      expose_in_sqllab: bool(row.expose_in_sqllab),
      allow_run_async: bool(row.allow_run_async),
      allow_ctas: bool(row.allow_ctas),
      allow_cvas: bool(row.allow_cvas),
      allow_dml: bool(row.allow_dml),
      allow_file_upload: bool(row.allow_file_upload),
      extra: extraObject,
      uuid: row.uuid,
      version: BUNDLE_VERSION,
    });
  }

  private async databaseOf(id: number): Promise<DatabaseRecord> {
    const database = this.databases.get(id) ?? (await findDatabaseRecord(this.ctx.store.db, id));
    if (!database) throw notFound();
    this.database(database);
    return database;
  }

  async dataset(row: DatasetRecord): Promise<void> {
    if (this.datasets.has(row.id)) return;
    this.datasets.set(row.id, row);
    const database = await this.databaseOf(row.database_id);
    const db = this.ctx.store.db;
    const [columns, metrics] = await Promise.all([columnsOf(db, row.id), metricsOf(db, row.id)]);
    const folder = `datasets/${fileSafe(database.database_name)}`;
    this.files.set(this.place(folder, fileSafe(row.table_name), row.id), {
      table_name: row.table_name,
      main_dttm_col: row.main_dttm_col,
      description: row.description,
      default_endpoint: row.default_endpoint,
      offset: row.offset,
      cache_timeout: row.cache_timeout,
      catalog: row.catalog,
      schema: row.schema,
      sql: row.sql,
      params: null,
      template_params: row.template_params,
      filter_select_enabled: bool(row.filter_select_enabled),
      fetch_values_predicate: row.fetch_values_predicate,
      extra: parseJson(row.extra),
      normalize_columns: bool(row.normalize_columns),
      always_filter_main_dttm: bool(row.always_filter_main_dttm),
      uuid: row.uuid,
      metrics: metrics.map((metric) => {
        const extra = parseJson(metric.extra);
        const extraObject = isRecord(extra) ? { ...extra } : {};
        // Superset keeps a metric's certification in its `extra`.
        if (metric.certified_by)
          extraObject.certification = {
            certified_by: metric.certified_by,
            details: metric.certification_details,
          };
        return {
          metric_name: metric.metric_name,
          verbose_name: metric.verbose_name,
          metric_type: metric.metric_type,
          expression: metric.expression,
          description: metric.description,
          d3format: metric.d3format,
          currency: parseJson(metric.currency),
          extra: Object.keys(extraObject).length > 0 ? extraObject : null,
          warning_text: metric.warning_text,
        };
      }),
      columns: columns.map((column) => ({
        column_name: column.column_name,
        verbose_name: column.verbose_name,
        is_dttm: bool(column.is_dttm),
        is_active: bool(column.is_active),
        type: column.type,
        advanced_data_type: column.advanced_data_type,
        groupby: bool(column.groupby),
        filterable: bool(column.filterable),
        expression: column.expression,
        description: column.description,
        python_date_format: column.python_date_format,
        // Certification and warning_markdown travel in the column's extra, as Superset writes them.
        extra: objectOrNull(parseJson(column.extra)),
      })),
      version: BUNDLE_VERSION,
      database_uuid: database.uuid,
    });
  }

  private async datasetOf(id: number): Promise<DatasetRecord | undefined> {
    const dataset = this.datasets.get(id) ?? (await findDatasetRecord(this.ctx.store.db, id));
    if (dataset) await this.dataset(dataset);
    return dataset;
  }

  async chart(row: ChartRecord): Promise<void> {
    if (this.charts.has(row.id)) return;
    this.charts.add(row.id);
    const dataset = await this.datasetOf(row.datasource_id);
    // A chart whose dataset is gone cannot be imported anywhere; Superset leaves such charts out too.
    if (!dataset) return;
    const params = parseJson(row.params);
    this.files.set(this.place('charts', `${fileSafe(row.slice_name)}_${row.id}`, row.id), {
      slice_name: row.slice_name,
      description: row.description,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
      viz_type: row.viz_type,
      params: isRecord(params) ? params : {},
      query_context: row.query_context,
      cache_timeout: row.cache_timeout,
      uuid: row.uuid,
      version: BUNDLE_VERSION,
      dataset_uuid: dataset.uuid,
    });
  }

  async dashboard(row: DashboardRecord): Promise<void> {
    const db = this.ctx.store.db;
    const chartUuids = new Map<number, string>();
    for (const chartId of await dashboardChartIds(db, row.id)) {
      const chart = await findChartRecord(db, chartId);
      if (!chart) continue;
      chartUuids.set(chart.id, chart.uuid);
      await this.chart(chart);
    }
    const position = parseJson(row.position_json);
    const metadata = parseJson(row.json_metadata);
    const metadataObject = isRecord(metadata) ? await this.portableMetadata(metadata) : {};
    this.files.set(this.place('dashboards', `${fileSafe(row.dashboard_title)}_${row.id}`, row.id), {
      dashboard_title: row.dashboard_title,
      description: row.description,
      css: row.css,
      slug: row.slug,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
      published: bool(row.published),
      uuid: row.uuid,
      position: isRecord(position) ? withChartUuids(position, chartUuids) : {},
      metadata: metadataObject,
      version: BUNDLE_VERSION,
    });
  }

  /** Native filters name datasets by id here; a bundle names them by uuid (and brings them along). */
  private async portableMetadata(metadata: Record<string, unknown>): Promise<Record<string, unknown>> {
    const filters = metadata.native_filter_configuration;
    if (!Array.isArray(filters)) return metadata;
    const next: unknown[] = [];
    for (const filter of filters) {
      if (!isRecord(filter) || !Array.isArray(filter.targets)) {
        next.push(filter);
        continue;
      }
      const targets: unknown[] = [];
      for (const target of filter.targets) {
        if (isRecord(target) && typeof target.datasetId === 'number') {
          const dataset = await this.datasetOf(target.datasetId);
          const { datasetId: _dropped, ...rest } = target;
          targets.push(dataset ? { ...rest, datasetUuid: dataset.uuid } : rest);
        } else targets.push(target);
      }
      next.push({ ...filter, targets });
    }
    return { ...metadata, native_filter_configuration: next };
  }

  async savedQuery(row: SavedQueryRecord): Promise<void> {
    const database = await this.databaseOf(row.db_id);
    const folder = `queries/${fileSafe(database.database_name)}/${fileSafe(row.schema ?? 'default')}`;
    this.files.set(this.place(folder, fileSafe(row.label), row.id), {
      catalog: row.catalog,
      schema: row.schema,
      label: row.label,
      description: row.description,
      sql: row.sql,
      uuid: row.uuid,
      version: BUNDLE_VERSION,
      database_uuid: database.uuid,
    });
  }
}

/** Every CHART component names its chart's uuid, which import maps back to the new chart ids. */
function withChartUuids(
  layout: Record<string, unknown>,
  uuids: ReadonlyMap<number, string>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(layout).map(([key, component]) => {
      if (!isRecord(component) || component.type !== 'CHART' || !isRecord(component.meta))
        return [key, component];
      const uuid = typeof component.meta.chartId === 'number' ? uuids.get(component.meta.chartId) : undefined;
      return [key, uuid === undefined ? component : { ...component, meta: { ...component.meta, uuid } }];
    }),
  );
}

async function addVisible(
  ctx: AppContext,
  principal: Principal,
  writer: BundleWriter,
  resource: BundleResource,
  id: number,
): Promise<void> {
  const db = ctx.store.db;
  switch (resource) {
    case 'database': {
      const row = await findDatabaseRecord(db, id);
      if (!row || !canAccessDatabase(principal, row)) throw notFound();
      writer.database(row);
      // Superset's database export carries the database's datasets.
      for (const datasetId of await datasetIdsOfDatabase(db, id)) {
        const dataset = await findDatasetRecord(db, datasetId);
        if (dataset && canSeeDataset(principal, row, dataset, await ownerIdsOf(db, 'dataset', dataset.id)))
          await writer.dataset(dataset);
      }
      return;
    }
    case 'dataset': {
      const row = await findDatasetRecord(db, id);
      const database = row ? await findDatabaseRecord(db, row.database_id) : undefined;
      if (!row || !database || !canSeeDataset(principal, database, row, await ownerIdsOf(db, 'dataset', id)))
        throw notFound();
      await writer.dataset(row);
      return;
    }
    case 'chart': {
      const row = await findChartRecord(db, id);
      if (!row || !(await canSeeChart(ctx, principal, row))) throw notFound();
      await writer.chart(row);
      return;
    }
    case 'dashboard': {
      const row = await findDashboardRecord(db, id);
      if (!row || !(await canSeeDashboard(ctx, principal, row))) throw notFound();
      await writer.dashboard(row);
      return;
    }
    case 'saved_query': {
      const row = await findSavedQueryRecord(db, id);
      if (!row || !canSeeSavedQuery(principal, row)) throw notFound();
      await writer.savedQuery(row);
      return;
    }
  }
}

export interface ExportedBundle {
  filename: string;
  zip: Uint8Array;
}

export async function exportBundle(
  ctx: AppContext,
  principal: Principal,
  resource: BundleResource,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<ExportedBundle> {
  const writer = new BundleWriter(ctx);
  for (const id of new Set(ids)) await addVisible(ctx, principal, writer, resource, id);
  const root = `${resource}_export_${compactTime(now)}`;
  const texts = new Map<string, string>([
    [
      'metadata.yaml',
      dumpBundleYaml({
        version: BUNDLE_VERSION,
        type: BUNDLE_RESOURCES[resource].type,
        timestamp: now.toISOString(),
      }),
    ],
  ]);
  for (const [path, content] of writer.files) texts.set(path, dumpBundleYaml(content));
  return { filename: `${root}.zip`, zip: writeBundle(root, texts) };
}
