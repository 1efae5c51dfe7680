import type { Dataset, DatasetListItem } from '@tessera/contracts';
import { humanizeSince } from '../databases/humanize';
import type { OwnerRef } from './dataset-owners';
import type { DatasetColumnRow, DatasetMetricRow, DatasetView } from './datasets.repo';
import {
  toDatasourceColumn,
  toDatasourceMetric,
  toExploreDatasource,
  type ReadableDataset,
} from './explore-datasource';

interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

function userRef(id: number | null, first: string | null, last: string | null): UserRef | null {
  return id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
}

/** Superset's order-by picker values: the JSON of `[column, ascending]` with Python's spacing. */
function orderByChoices(columnNames: readonly string[]): [string, string][] {
  return [...columnNames].sort().flatMap((name): [string, string][] => [
    [`[${JSON.stringify(name)}, true]`, `${name} [asc]`],
    [`[${JSON.stringify(name)}, false]`, `${name} [desc]`],
  ]);
}

const kindOf = (view: DatasetView): 'virtual' | 'physical' => (view.sql === null ? 'physical' : 'virtual');

export function toDataset(
  readable: ReadableDataset,
  columns: DatasetColumnRow[],
  metrics: DatasetMetricRow[],
  owners: OwnerRef[],
): Dataset {
  const { view, connector } = readable;
  const explore = toExploreDatasource(readable, columns, metrics);
  const createdBy = userRef(view.created_by_fk, view.created_first_name, view.created_last_name);
  return {
    id: view.id,
    uuid: view.uuid,
    table_name: view.table_name,
    name: view.schema ? `${view.schema}.${view.table_name}` : view.table_name,
    datasource_name: view.table_name,
    database: { id: view.database_id, database_name: view.database_name, backend: view.backend },
    catalog: view.catalog,
    schema: view.schema,
    sql: view.sql,
    template_params: view.template_params,
    is_sqllab_view: view.is_sqllab_view === 1,
    kind: kindOf(view),
    select_star: connector.selectStar(view.table_name, view.schema, [], 100),
    external_url: view.external_url,
    is_managed_externally: view.is_managed_externally === 1,
    columns: columns.map(toDatasourceColumn),
    metrics: metrics.map(toDatasourceMetric),
    main_dttm_col: view.main_dttm_col,
    cache_timeout: view.cache_timeout,
    description: view.description,
    default_endpoint: view.default_endpoint,
    offset: view.offset,
    filter_select_enabled: view.filter_select_enabled === 1,
    fetch_values_predicate: view.fetch_values_predicate,
    extra: view.extra,
    always_filter_main_dttm: view.always_filter_main_dttm === 1,
    normalize_columns: view.normalize_columns === 1,
    owners,
    created_by: createdBy,
    changed_by: userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name),
    created_on: view.created_on,
    changed_on: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on),
    uid: explore.uid,
    verbose_map: explore.verbose_map,
    order_by_choices: orderByChoices(explore.columns.map((column) => column.column_name)),
    column_formats: explore.column_formats,
    granularity_sqla: explore.granularity_sqla,
    time_grain_sqla: explore.time_grain_sqla,
  };
}

export function toDatasetListItem(view: DatasetView, owners: OwnerRef[]): DatasetListItem {
  const createdBy = userRef(view.created_by_fk, view.created_first_name, view.created_last_name);
  const changedBy = userRef(view.changed_by_fk, view.changed_first_name, view.changed_last_name);
  return {
    id: view.id,
    uuid: view.uuid,
    table_name: view.table_name,
    database: { id: view.database_id, database_name: view.database_name },
    catalog: view.catalog,
    schema: view.schema,
    sql: view.sql,
    kind: kindOf(view),
    explore_url: `/explore/?datasource_type=table&datasource_id=${view.id}`,
    owners,
    created_by: createdBy,
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    changed_on_utc: view.changed_on,
    changed_on_delta_humanized: humanizeSince(view.changed_on),
  };
}
