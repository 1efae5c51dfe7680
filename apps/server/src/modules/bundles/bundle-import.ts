import { getUriPassword, replaceUriPassword } from '@tessera/connectors';
import {
  BUNDLE_RESOURCES,
  EXAMPLES_DATABASE_UUID,
  PASSWORD_MASK,
  bundleChartSchema,
  bundleDashboardSchema,
  bundleDatabaseSchema,
  bundleDatasetSchema,
  bundleMetadataSchema,
  bundleSavedQuerySchema,
  dashboardJsonMetadataSchema,
  isRecord,
  type BundleChart,
  type BundleDashboard,
  type BundleDatabase,
  type BundleDataset,
  type BundleResource,
  type BundleSavedQuery,
  type DashboardJsonMetadata,
} from '@tessera/contracts';
import { upgradeLegacyChart, validateDashboardLayout } from '@tessera/core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { toFlag, type MetadataDb } from '../../db/kysely';
import { encryptText } from '../../platform/crypto';
import { ApiError, sip40Error } from '../../platform/errors';
import { canChangeChart, canSeeChart } from '../charts/chart-access';
import { remapLayout, remapMetadata, type ChartIdMap } from '../dashboards/dashboard-copy-remap';
import { canChangeDashboards } from '../dashboards/dashboard-access';
import { filterMetadataProblems } from '../dashboards/dashboard-filters.service';
import { canAccessDatabase, splitUri } from '../databases/databases.service';
import { canChangeDataset, canSeeDataset } from '../datasets/dataset-access';
import { datasetColumnNames, findDatasetByName } from '../datasets/datasets.service';
import { syncPermissionViews } from '../security/access-pairs';
import type { Principal } from '../security/principal';
import { parseBundleYaml, BundleYamlError } from './bundle-yaml';
import * as repo from './bundles.repo';

/**
 * Import of a Superset bundle (ImportV1 semantics, reference §3–§9). Everything is checked first and
 * every problem is collected per file; only a bundle without problems is written, in one transaction,
 * so nothing is ever half-imported. Objects match by uuid (a dataset also by its table, so Superset's
 * example datasets find Tessera's). Existing dependencies (databases, datasets, and a dashboard's
 * charts) are reused as they are; the asked type is replaced only with `overwrite`.
 */

export interface ImportOptions {
  overwrite: boolean;
  /** `{"databases/x.yaml": "secret"}`: Superset's exports mask passwords. */
  passwords: Readonly<Record<string, string>>;
}

type FileErrors = Record<string, string | Record<string, string[]>>;

/** The folders each import endpoint reads; other folders are ignored as Superset ignores them. */
const FOLDERS: Record<BundleResource, readonly string[]> = {
  database: ['databases/', 'datasets/'],
  dataset: ['databases/', 'datasets/'],
  chart: ['databases/', 'datasets/', 'charts/'],
  dashboard: ['databases/', 'datasets/', 'charts/', 'dashboards/'],
  saved_query: ['databases/', 'queries/'],
};

const MODEL_TITLES: Record<BundleResource, string> = {
  database: 'Database',
  dataset: 'Dataset',
  chart: 'Chart',
  dashboard: 'Dashboard',
  saved_query: 'Saved Query',
};

const alreadyExists = (resource: BundleResource): string =>
  `${MODEL_TITLES[resource]} already exists and \`overwrite=true\` was not passed`;

interface Entry<T> {
  file: string;
  config: T;
}

/** Where a referenced object comes from: this bundle (written in order) or the server. */
type Ref = { kind: 'bundle'; uuid: string } | { kind: 'server'; id: number };

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues.slice(0, 50)) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_schema';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const jsonText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** A column's extra as stored: JSON object text, or null when it is empty or not an object. */
function columnExtraOf(value: unknown): string | null {
  const extra = jsonObjectOf(value);
  return extra === null || Object.keys(extra).length === 0 ? null : JSON.stringify(extra);
}

function jsonObjectOf(value: unknown): Record<string, unknown> | null {
  if (isRecord(value)) return value;
  if (typeof value !== 'string' || value.trim() === '')
    return value === null || value === undefined ? {} : null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

class ImportPlan {
  readonly errors: FileErrors = {};
  readonly databases = new Map<string, Entry<BundleDatabase>>();
  readonly datasets = new Map<string, Entry<BundleDataset>>();
  readonly charts = new Map<string, Entry<BundleChart>>();
  readonly dashboards = new Map<string, Entry<BundleDashboard>>();
  readonly queries = new Map<string, Entry<BundleSavedQuery>>();
  /** Existing rows matched by the bundle's objects (uuid → id), and those to replace. */
  readonly existing = new Map<string, number>();
  readonly replace = new Set<string>();
  /** Datasets whose schema is read differently on this server (dataset uuid → schema). */
  readonly schemas = new Map<string, string | null>();
  /**
   * Stand-in ids (negative) of the bundle's new datasets while checking: native filters are validated
   * before anything is written, against the columns the bundle declares (dataset uuid → id).
   */
  private readonly datasetStandIns = new Map<string, number>();
  /** New databases: their checked URI parts. */
  readonly connections = new Map<string, { storedUri: string; password: string | null; backend: string }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly principal: Principal,
    private readonly resource: BundleResource,
    private readonly options: ImportOptions,
  ) {}

  fail(file: string, field: string | null, message: string): void {
    const current = this.errors[file];
    if (field === null && current === undefined) {
      this.errors[file] = message;
      return;
    }
    const fields = isRecord(current) ? current : typeof current === 'string' ? { _schema: [current] } : {};
    (fields[field ?? '_schema'] ??= []).push(message);
    this.errors[file] = fields;
  }

  private get db(): MetadataDb {
    return this.ctx.store.db;
  }

  read(files: ReadonlyMap<string, string>): void {
    const metadataText = files.get('metadata.yaml');
    const expected = BUNDLE_RESOURCES[this.resource].type;
    if (metadataText === undefined) this.fail('metadata.yaml', null, 'Missing metadata.yaml');
    else {
      const parsed = this.parse('metadata.yaml', metadataText, bundleMetadataSchema);
      if (parsed && parsed.type !== expected)
        this.fail('metadata.yaml', 'type', `Must be equal to ${expected}.`);
    }
    for (const [file, text] of files) {
      if (file === 'metadata.yaml') continue;
      if (!/\.ya?ml$/i.test(file)) {
        this.fail(file, null, 'Not a YAML file; a bundle holds only YAML files.');
        continue;
      }
      if (!FOLDERS[this.resource].some((folder) => file.startsWith(folder))) continue;
      if (file.startsWith('databases/'))
        this.keep(this.databases, file, this.parse(file, text, bundleDatabaseSchema));
      else if (file.startsWith('datasets/'))
        this.keep(this.datasets, file, this.parse(file, text, bundleDatasetSchema));
      else if (file.startsWith('charts/'))
        this.keep(this.charts, file, this.parse(file, text, bundleChartSchema));
      else if (file.startsWith('dashboards/'))
        this.keep(this.dashboards, file, this.parse(file, text, bundleDashboardSchema));
      else if (file.startsWith('queries/'))
        this.keep(this.queries, file, this.parse(file, text, bundleSavedQuerySchema));
    }
  }

  private parse<T>(file: string, text: string, schema: z.ZodType<T>): T | undefined {
    let value: unknown;
    try {
      value = parseBundleYaml(text);
    } catch (error) {
      this.fail(file, null, error instanceof BundleYamlError ? error.message : 'Not valid YAML.');
      return undefined;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        for (const message of messages) this.fail(file, field, message);
      return undefined;
    }
    return result.data;
  }

  private keep<T extends { uuid: string }>(
    map: Map<string, Entry<T>>,
    file: string,
    config: T | undefined,
  ): void {
    if (config === undefined) return;
    const uuid = config.uuid.toLowerCase();
    if (map.has(uuid)) this.fail(file, 'uuid', `Another file of the bundle has the uuid ${uuid}.`);
    else map.set(uuid, { file, config: { ...config, uuid } });
  }

  /** Decides, per object, create / reuse / replace, and checks what each refers to. */
  async check(): Promise<void> {
    await this.checkDatabases();
    await this.checkDatasets();
    await this.checkCharts();
    await this.checkDashboards();
    await this.checkQueries();
  }

  /** The asked type may be replaced with overwrite; dependencies that exist are reused. */
  private decideExisting(
    resource: BundleResource,
    file: string,
    uuid: string,
    id: number,
    mayChange: boolean,
  ): void {
    this.existing.set(uuid, id);
    if (resource !== this.resource) return;
    if (!this.options.overwrite) this.fail(file, null, alreadyExists(resource));
    else if (!mayChange)
      this.fail(file, null, `${MODEL_TITLES[resource]} already exists and you may not overwrite it.`);
    else this.replace.add(uuid);
  }

  private async checkDatabases(): Promise<void> {
    const ids = await repo.idsByUuid(this.db, 'databases', [...this.databases.keys()]);
    for (const [uuid, { file, config }] of this.databases) {
      const id = ids.get(uuid);
      if (id !== undefined) {
        const row = await repo.findDatabaseRecord(this.db, id);
        if (!row || !canAccessDatabase(this.principal, row)) {
          this.fail(file, null, 'A database with this uuid exists and you may not use it.');
          continue;
        }
        this.decideExisting('database', file, uuid, id, this.principal.can('can_write', 'Database'));
        continue;
      }
      if (!this.principal.can('can_write', 'Database')) {
        this.fail(file, null, "Database doesn't exist and user doesn't have permission to create databases");
        continue;
      }
      if (await repo.findDatabaseRecordByName(this.db, config.database_name)) {
        this.fail(file, 'database_name', 'A database with the same name already exists.');
        continue;
      }
      if (config.ssh_tunnel) {
        this.fail(file, 'ssh_tunnel', 'SSH tunnels are not supported by Tessera.');
        continue;
      }
      const given = this.options.passwords[file] ?? config.password ?? null;
      let uri = config.sqlalchemy_uri;
      try {
        const inUri = getUriPassword(uri);
        if (given !== null) uri = replaceUriPassword(uri, given);
        else if (inUri === PASSWORD_MASK) {
          this.fail(file, '_schema', 'Must provide a password for the database');
          continue;
        }
        const parts = await splitUri(this.ctx, uri, { allowDml: config.allow_dml ?? false });
        this.connections.set(uuid, {
          storedUri: parts.storedUri,
          password: parts.password,
          backend: parts.backend,
        });
      } catch (error) {
        this.failFromApi(file, 'sqlalchemy_uri', error);
      }
    }
  }

  /** A refusal of a shared check (the connection guard …) as this file's field error. */
  private failFromApi(file: string, field: string, error: unknown): void {
    if (error instanceof ApiError && isRecord(error.body.message)) {
      for (const [key, messages] of Object.entries(error.body.message))
        for (const message of Array.isArray(messages) ? messages : [messages])
          this.fail(file, key, String(message));
    } else if (error instanceof ApiError && typeof error.body.message === 'string') {
      this.fail(file, field, error.body.message);
    } else if (error instanceof Error) {
      this.fail(file, field, error.message);
    } else throw error;
  }

  /** An object the bundle names but does not hold: the write phase resolves its uuid to this id. */
  private onServer(uuid: string, id: number): Ref {
    this.existing.set(uuid, id);
    return { kind: 'server', id };
  }

  private async databaseRef(file: string, uuid: string): Promise<Ref | undefined> {
    if (this.databases.has(uuid)) {
      if (this.errors[this.databases.get(uuid)?.file ?? ''] !== undefined) return undefined;
      return { kind: 'bundle', uuid };
    }
    const row = await repo.findDatabaseRecordByUuid(this.db, uuid);
    if (row && canAccessDatabase(this.principal, row)) return this.onServer(uuid, row.id);
    this.fail(file, 'database_uuid', `Database ${uuid} is neither in the bundle nor on this server.`);
    return undefined;
  }

  private async checkDatasets(): Promise<void> {
    for (const [uuid, { file, config }] of this.datasets) {
      const database = await this.databaseRef(file, config.database_uuid.toLowerCase());
      if (!database) continue;
      for (const field of ['extra', 'template_params', 'params'] as const) {
        if (jsonObjectOf(config[field]) === null) this.fail(file, field, 'Not a JSON object.');
      }
      const databaseId = database.kind === 'server' ? database.id : this.existing.get(database.uuid);
      const schema =
        databaseId === undefined
          ? (config.schema ?? null)
          : await this.schemaOnServer(databaseId, config.schema ?? null, config.table_name);
      if (schema !== (config.schema ?? null)) this.schemas.set(uuid, schema);
      const row =
        (await repo.findDatasetRecordByUuid(this.db, uuid)) ??
        (databaseId === undefined
          ? undefined
          : await findDatasetByName(this.db, {
              databaseId,
              catalog: config.catalog ?? null,
              schema,
              tableName: config.table_name,
            }));
      if (row) {
        const owners = await repo.ownerIdsOf(this.db, 'dataset', row.id);
        const databaseRow = await repo.findDatabaseRecord(this.db, row.database_id);
        if (!databaseRow || !canSeeDataset(this.principal, databaseRow, row, owners)) {
          this.fail(file, null, 'A dataset with this uuid or table exists and you may not read it.');
          continue;
        }
        this.decideExisting('dataset', file, uuid, row.id, canChangeDataset(this.principal, owners));
      } else if (!this.principal.can('can_write', 'Dataset')) {
        this.fail(file, null, "Dataset doesn't exist and user doesn't have permission to create datasets");
      }
    }
  }

  /**
   * Superset's example datasets name schema `public` (or none) where Tessera's examples database
   * keeps its tables in `main`: on the examples database, a schema that does not exist there is
   * read as the schema holding the table (else its only schema). Other databases keep the name.
   */
  private async schemaOnServer(
    databaseId: number,
    schema: string | null,
    table: string,
  ): Promise<string | null> {
    const database = await repo.findDatabaseRecord(this.db, databaseId);
    if (database?.uuid !== EXAMPLES_DATABASE_UUID) return schema;
    try {
      const connector = this.ctx.databases.connectorFor(database);
      const schemas = await connector.getSchemas();
      if (schema !== null && schemas.includes(schema)) return schema;
      const holders: string[] = [];
      for (const name of schemas)
        if ((await connector.getTables(name)).some((item) => item.name === table)) holders.push(name);
      if (holders.length === 1) return holders[0] ?? schema;
      return schemas.length === 1 ? (schemas[0] ?? schema) : schema;
    } catch {
      // The examples database cannot be read now: the dataset keeps its schema as named.
      return schema;
    }
  }

  private async datasetRef(file: string, uuid: string): Promise<Ref | undefined> {
    if (this.datasets.has(uuid)) {
      if (this.errors[this.datasets.get(uuid)?.file ?? ''] !== undefined) return undefined;
      return { kind: 'bundle', uuid };
    }
    const row = await repo.findDatasetRecordByUuid(this.db, uuid);
    const database = row ? await repo.findDatabaseRecord(this.db, row.database_id) : undefined;
    if (
      row &&
      database &&
      canSeeDataset(this.principal, database, row, await repo.ownerIdsOf(this.db, 'dataset', row.id))
    )
      return this.onServer(uuid, row.id);
    this.fail(file, 'dataset_uuid', `Dataset ${uuid} is neither in the bundle nor on this server.`);
    return undefined;
  }

  private async checkCharts(): Promise<void> {
    const ids = await repo.idsByUuid(this.db, 'slices', [...this.charts.keys()]);
    for (const [uuid, { file, config }] of this.charts) {
      await this.datasetRef(file, config.dataset_uuid.toLowerCase());
      if (jsonObjectOf(config.params) === null) this.fail(file, 'params', 'Not a JSON object.');
      if (jsonObjectOf(config.query_context) === null) this.fail(file, 'query_context', 'Not a JSON object.');
      const id = ids.get(uuid);
      if (id !== undefined) {
        const row = await repo.findChartRecord(this.db, id);
        if (!row || !(await canSeeChart(this.ctx, this.principal, row))) {
          this.fail(file, null, 'A chart with this uuid exists and you may not read it.');
          continue;
        }
        this.decideExisting('chart', file, uuid, id, await canChangeChart(this.ctx, this.principal, id));
      } else if (!this.principal.can('can_write', 'Chart')) {
        this.fail(file, null, "Chart doesn't exist and user doesn't have permission to create charts");
      }
    }
  }

  private async chartRef(file: string, uuid: string): Promise<Ref | undefined> {
    if (this.charts.has(uuid)) return { kind: 'bundle', uuid };
    const ids = await repo.idsByUuid(this.db, 'slices', [uuid]);
    const id = ids.get(uuid);
    const row = id === undefined ? undefined : await repo.findChartRecord(this.db, id);
    if (row && (await canSeeChart(this.ctx, this.principal, row))) return this.onServer(uuid, row.id);
    this.fail(file, 'position', `Chart ${uuid} is neither in the bundle nor on this server.`);
    return undefined;
  }

  private async checkDashboards(): Promise<void> {
    const ids = await repo.idsByUuid(this.db, 'dashboards', [...this.dashboards.keys()]);
    for (const [uuid, { file, config }] of this.dashboards) {
      const position = config.position ?? {};
      const placeholder = new Map<number, { id: number; uuid: string }>();
      let next = 1;
      for (const component of Object.values(position)) {
        if (!isRecord(component) || component.type !== 'CHART' || !isRecord(component.meta)) continue;
        const chartUuid =
          typeof component.meta.uuid === 'string' ? component.meta.uuid.toLowerCase() : undefined;
        if (chartUuid === undefined) {
          this.fail(file, 'position', `Component ${String(component.id)} names no chart uuid.`);
          continue;
        }
        await this.chartRef(file, chartUuid);
        if (typeof component.meta.chartId === 'number')
          placeholder.set(component.meta.chartId, { id: next++, uuid: chartUuid });
      }
      // Shape checks run on the layout with stand-in ids: the real ones exist only once written.
      const layout = remapLayout(withChartIds(position, placeholder), placeholder);
      if (Object.keys(layout).some((key) => key !== 'DASHBOARD_VERSION_KEY')) {
        const check = validateDashboardLayout(layout);
        if (!check.ok) for (const problem of check.problems) this.fail(file, 'position', problem);
      }
      const metadata = remapMetadata(
        await this.metadataDatasets(file, config.metadata ?? {}, null),
        placeholder,
      );
      const checked = dashboardJsonMetadataSchema.safeParse(metadata);
      if (!checked.success)
        for (const [field, messages] of Object.entries(fieldErrors(checked.error)))
          for (const message of messages) this.fail(file, `metadata.${field}`, message);
      else if (this.errors[file] === undefined && !hasUnresolvedTarget(checked.data)) {
        // The checks of PUT /dashboard/{id}/filters and json_metadata, word for word.
        const problems = await filterMetadataProblems(this.ctx, checked.data, (datasetIds) =>
          this.datasetColumns(datasetIds),
        );
        for (const problem of problems) this.fail(file, 'metadata.native_filter_configuration', problem);
      }
      if (config.slug) {
        const holder = await repo.dashboardSlugOwner(this.db, config.slug);
        if (holder !== undefined && holder !== uuid) this.fail(file, 'slug', 'Must be unique');
      }
      const id = ids.get(uuid);
      if (id !== undefined)
        this.decideExisting(
          'dashboard',
          file,
          uuid,
          id,
          await canChangeDashboards(this.db, this.principal, [id]),
        );
      else if (!this.principal.can('can_write', 'Dashboard'))
        this.fail(
          file,
          null,
          "Dashboard doesn't exist and user doesn't have permission to create dashboards",
        );
    }
  }

  /** Native filter targets name datasets by uuid in a bundle; stored dashboards name them by id. */
  async metadataDatasets(
    file: string,
    metadata: Record<string, unknown>,
    datasetIds: ReadonlyMap<string, number> | null,
  ): Promise<Record<string, unknown>> {
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
        if (!isRecord(target) || typeof target.datasetUuid !== 'string') {
          targets.push(target);
          continue;
        }
        const { datasetUuid, ...rest } = target;
        const key = datasetUuid.toLowerCase();
        if (datasetIds === null) {
          const ref = await this.datasetRef(file, key);
          targets.push({ ...rest, datasetId: ref === undefined ? 0 : this.checkedDatasetId(ref) });
        } else targets.push({ ...rest, datasetId: datasetIds.get(key) ?? 0 });
      }
      next.push({ ...filter, targets });
    }
    return { ...metadata, native_filter_configuration: next };
  }

  /** While checking: a dataset on the server by its id, a new one of the bundle by a stand-in. */
  private checkedDatasetId(ref: Ref): number {
    if (ref.kind === 'server') return ref.id;
    const existing = this.existing.get(ref.uuid);
    // An existing dataset is reused unchanged unless replaced: its stored columns are the ones to check.
    if (existing !== undefined && !this.replace.has(ref.uuid)) return existing;
    let standIn = this.datasetStandIns.get(ref.uuid);
    if (standIn === undefined) {
      standIn = -(this.datasetStandIns.size + 1);
      this.datasetStandIns.set(ref.uuid, standIn);
    }
    return standIn;
  }

  /** Dataset columns for the filter checks: stand-ins from the bundle's files, the rest from the server. */
  private async datasetColumns(
    datasetIds: readonly number[],
  ): Promise<Map<number, { name: string; columns: Set<string> }>> {
    const found = await datasetColumnNames(
      this.db,
      datasetIds.filter((id) => id > 0),
    );
    for (const [uuid, standIn] of this.datasetStandIns) {
      const config = this.datasets.get(uuid)?.config;
      if (config !== undefined && datasetIds.includes(standIn))
        found.set(standIn, {
          name: config.table_name,
          columns: new Set(config.columns.map((column) => column.column_name)),
        });
    }
    return found;
  }

  private async checkQueries(): Promise<void> {
    const ids = await repo.idsByUuid(this.db, 'saved_queries', [...this.queries.keys()]);
    for (const [uuid, { file, config }] of this.queries) {
      await this.databaseRef(file, config.database_uuid.toLowerCase());
      const id = ids.get(uuid);
      if (id === undefined) continue;
      const row = await repo.findSavedQueryRecord(this.db, id);
      const mine = row !== undefined && (row.user_id === this.principal.user.id || this.principal.isAdmin);
      this.decideExisting('saved_query', file, uuid, id, mine);
    }
  }
}

/** A filter target whose dataset uuid did not resolve (its problem is reported on its own). */
function hasUnresolvedTarget(metadata: DashboardJsonMetadata): boolean {
  return (metadata.native_filter_configuration ?? []).some(
    (item) =>
      isRecord(item) &&
      Array.isArray(item.targets) &&
      item.targets.some((t) => isRecord(t) && t.datasetId === 0),
  );
}

/** Layout CHART components get chartId from their uuid when the bundle left it out. */
function withChartIds(
  layout: Record<string, unknown>,
  placeholder: Map<number, { id: number; uuid: string }>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(layout).map(([key, component]) => {
      if (!isRecord(component) || component.type !== 'CHART' || !isRecord(component.meta))
        return [key, component];
      if (typeof component.meta.chartId === 'number') return [key, component];
      const uuid = typeof component.meta.uuid === 'string' ? component.meta.uuid.toLowerCase() : '';
      const fake = -1 - placeholder.size;
      placeholder.set(fake, { id: placeholder.size + 1, uuid });
      return [key, { ...component, meta: { ...component.meta, chartId: fake } }];
    }),
  );
}

const flag = (value: boolean | null | undefined, fallback: boolean): number => toFlag(value ?? fallback);

/** Points a chart's form data and query context at its dataset's id on this server. */
function rebindChart(
  config: BundleChart,
  datasetId: number,
): { vizType: string; params: string; queryContext: string | null } {
  const upgraded = upgradeLegacyChart(config.viz_type, jsonObjectOf(config.params) ?? {});
  const params = { ...upgraded.params, datasource: `${datasetId}__table`, viz_type: upgraded.vizType };
  const context =
    config.query_context === null || config.query_context === undefined
      ? null
      : jsonObjectOf(config.query_context);
  let queryContext: string | null = null;
  if (context !== null) {
    const rebound: Record<string, unknown> = { ...context, datasource: { id: datasetId, type: 'table' } };
    if (isRecord(context.form_data))
      rebound.form_data = { ...context.form_data, datasource: `${datasetId}__table` };
    queryContext = JSON.stringify(rebound);
  }
  return { vizType: upgraded.vizType, params: JSON.stringify(params), queryContext };
}

async function write(
  ctx: AppContext,
  principal: Principal,
  plan: ImportPlan,
  trx: MetadataDb,
): Promise<void> {
  const userId = principal.user.id;
  const ids = new Map(plan.existing);
  const idOf = (uuid: string): number => {
    const id = ids.get(uuid);
    if (id === undefined) throw new Error(`import: ${uuid} was not resolved`);
    return id;
  };
  for (const [uuid, { config }] of plan.databases) {
    const extra = jsonObjectOf(config.extra) ?? {};
    const connection = plan.connections.get(uuid);
    if (connection) {
      const id = await repo.insertDatabaseRecord(trx, {
        uuid,
        database_name: config.database_name,
        sqlalchemy_uri: connection.storedUri,
        password_encrypted:
          connection.password === null ? null : encryptText(ctx.keys.credentials, connection.password),
        backend: connection.backend,
        expose_in_sqllab: flag(config.expose_in_sqllab, true),
        allow_run_async: flag(config.allow_run_async, false),
        allow_dml: flag(config.allow_dml, false),
        allow_ctas: flag(config.allow_ctas, false),
        allow_cvas: flag(config.allow_cvas, false),
        allow_file_upload: flag(config.allow_file_upload ?? config.allow_csv_upload, false),
        disable_data_preview: flag(config.disable_data_preview ?? extra.disable_data_preview === true, false),
        extra: JSON.stringify(extra),
        cache_timeout: config.cache_timeout ?? null,
        force_ctas_schema: config.force_ctas_schema ?? null,
        created_by_fk: userId,
        changed_by_fk: userId,
      });
      ids.set(uuid, id);
    } else if (plan.replace.has(uuid)) {
      // The connection itself is kept: a bundle's masked URI must not replace a working password.
      await trx
        .updateTable('databases')
        .set({
          expose_in_sqllab: flag(config.expose_in_sqllab, true),
          allow_run_async: flag(config.allow_run_async, false),
          allow_ctas: flag(config.allow_ctas, false),
          allow_cvas: flag(config.allow_cvas, false),
          allow_file_upload: flag(config.allow_file_upload ?? config.allow_csv_upload, false),
          extra: JSON.stringify(extra),
          cache_timeout: config.cache_timeout ?? null,
          changed_by_fk: userId,
        })
        .where('id', '=', idOf(uuid))
        .execute();
    }
  }
  for (const [uuid, { config }] of plan.datasets) {
    const existing = ids.get(uuid) ?? null;
    if (existing !== null && !plan.replace.has(uuid)) continue;
    const id = await repo.writeDatasetRecord(
      trx,
      existing,
      {
        // A dataset matched by its table keeps its own uuid.
        uuid: existing === null ? uuid : ((await repo.findDatasetRecord(trx, existing))?.uuid ?? uuid),
        table_name: config.table_name,
        database_id: idOf(config.database_uuid.toLowerCase()),
        catalog: config.catalog ?? null,
        schema: plan.schemas.has(uuid) ? (plan.schemas.get(uuid) ?? null) : (config.schema ?? null),
        sql: config.sql ?? null,
        template_params: jsonText(config.template_params),
        is_sqllab_view: 0,
        external_url: config.external_url ?? null,
        is_managed_externally: flag(config.is_managed_externally, false),
        main_dttm_col: config.main_dttm_col ?? null,
        cache_timeout: config.cache_timeout ?? null,
        description: config.description ?? null,
        default_endpoint: config.default_endpoint ?? null,
        offset: config.offset ?? 0,
        filter_select_enabled: flag(config.filter_select_enabled, true),
        fetch_values_predicate: config.fetch_values_predicate ?? null,
        extra: jsonText(config.extra),
        always_filter_main_dttm: flag(config.always_filter_main_dttm, false),
        normalize_columns: flag(config.normalize_columns, false),
        changed_by_fk: userId,
      },
      config.columns.map((column) => ({
        column_name: column.column_name,
        type: column.type ?? null,
        type_generic: null,
        is_dttm: flag(column.is_dttm, false),
        verbose_name: column.verbose_name ?? null,
        expression: column.expression ?? null,
        groupby: flag(column.groupby, true),
        filterable: flag(column.filterable, true),
        description: column.description ?? null,
        python_date_format: column.python_date_format ?? null,
        advanced_data_type: column.advanced_data_type ?? null,
        is_active: flag(column.is_active, true),
        // Superset keeps a column's certification and warning_markdown in its extra: kept as is.
        extra: columnExtraOf(column.extra),
      })),
      config.metrics.map((metric) => {
        const extra = jsonObjectOf(metric.extra) ?? {};
        const { certification, ...rest } = extra;
        const certified = isRecord(certification) ? certification : {};
        return {
          metric_name: metric.metric_name,
          verbose_name: metric.verbose_name ?? null,
          metric_type: metric.metric_type ?? null,
          expression: metric.expression,
          d3format: metric.d3format ?? null,
          currency: jsonText(metric.currency),
          description: metric.description ?? null,
          certified_by: typeof certified.certified_by === 'string' ? certified.certified_by : null,
          certification_details: typeof certified.details === 'string' ? certified.details : null,
          warning_text: metric.warning_text ?? null,
          extra: Object.keys(rest).length > 0 ? JSON.stringify(rest) : null,
        };
      }),
      existing === null ? userId : null,
    );
    ids.set(uuid, id);
  }
  for (const [uuid, { config }] of plan.charts) {
    const existing = ids.get(uuid) ?? null;
    if (existing !== null && !plan.replace.has(uuid)) continue;
    const datasetId = idOf(config.dataset_uuid.toLowerCase());
    const bound = rebindChart(config, datasetId);
    const id = await repo.writeChartRecord(
      trx,
      existing,
      {
        uuid,
        slice_name: config.slice_name,
        viz_type: bound.vizType,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: bound.params,
        query_context: bound.queryContext,
        description: config.description ?? null,
        cache_timeout: config.cache_timeout ?? null,
        certified_by: config.certified_by ?? null,
        certification_details: config.certified_by ? (config.certification_details ?? null) : null,
        is_managed_externally: flag(config.is_managed_externally, false),
        external_url: config.external_url ?? null,
        last_saved_at: null,
        last_saved_by_fk: null,
        changed_by_fk: userId,
      },
      existing === null ? userId : null,
    );
    ids.set(uuid, id);
  }
  for (const [uuid, { file, config }] of plan.dashboards) {
    const existing = ids.get(uuid) ?? null;
    if (existing !== null && !plan.replace.has(uuid)) continue;
    const map = new Map<number, { id: number; uuid: string }>();
    const position = withChartIds(config.position ?? {}, new Map());
    for (const component of Object.values(position)) {
      if (!isRecord(component) || component.type !== 'CHART' || !isRecord(component.meta)) continue;
      const chartUuid = typeof component.meta.uuid === 'string' ? component.meta.uuid.toLowerCase() : '';
      const chartId = ids.get(chartUuid) ?? (await repo.idsByUuid(trx, 'slices', [chartUuid])).get(chartUuid);
      if (typeof component.meta.chartId === 'number' && chartId !== undefined)
        map.set(component.meta.chartId, { id: chartId, uuid: chartUuid });
    }
    const layout: ChartIdMap = map;
    const remapped = remapLayout(position, layout);
    const metadata = remapMetadata(await plan.metadataDatasets(file, config.metadata ?? {}, ids), layout);
    const id = await repo.writeDashboardRecord(
      trx,
      existing,
      {
        uuid,
        dashboard_title:
          config.dashboard_title.trim() === '' ? '[ untitled dashboard ]' : config.dashboard_title,
        slug: config.slug === '' ? null : (config.slug ?? null),
        position_json: JSON.stringify(remapped),
        json_metadata: JSON.stringify(metadata),
        css: config.css ?? null,
        description: config.description ?? null,
        published: flag(config.published, false),
        certified_by: config.certified_by ?? null,
        certification_details: config.certified_by ? (config.certification_details ?? null) : null,
        is_managed_externally: flag(config.is_managed_externally, false),
        external_url: config.external_url ?? null,
        changed_by_fk: userId,
      },
      [...map.values()].map((chart) => chart.id),
      existing === null ? userId : null,
    );
    ids.set(uuid, id);
  }
  for (const [uuid, { config }] of plan.queries) {
    const existing = ids.get(uuid) ?? null;
    if (existing !== null && !plan.replace.has(uuid)) continue;
    await repo.writeSavedQueryRecord(
      trx,
      existing,
      {
        uuid,
        db_id: idOf(config.database_uuid.toLowerCase()),
        label: config.label,
        description: config.description ?? '',
        catalog: config.catalog ?? null,
        schema: config.schema ?? null,
        sql: config.sql,
        template_parameters: jsonText(config.template_parameters),
        extra_json: '{}',
        changed_by_fk: userId,
      },
      userId,
    );
  }
}

/** Validates the whole bundle, then writes it in one transaction; 422 naming every bad file and field. */
export async function importBundle(
  ctx: AppContext,
  principal: Principal,
  resource: BundleResource,
  files: ReadonlyMap<string, string>,
  options: ImportOptions,
): Promise<void> {
  const plan = new ImportPlan(ctx, principal, resource, options);
  plan.read(files);
  await plan.check();
  if (Object.keys(plan.errors).length > 0) {
    throw sip40Error(
      422,
      'GENERIC_COMMAND_ERROR',
      `Error importing ${BUNDLE_RESOURCES[resource].label}`,
      plan.errors,
      'warning',
    );
  }
  await ctx.store.db.transaction().execute((trx) => write(ctx, principal, plan, trx));
  await syncPermissionViews(ctx.store.db, ctx.caches.principals);
  ctx.caches.exploreDatasources.invalidate();
}
