import type { CrossDatasetMapping, DashboardJsonMetadata } from '@tessera/contracts';
import { checkFilterConfiguration, filterColumnsByDataset } from '@tessera/core';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { datasetColumnNames } from '../datasets/datasets.service';

/**
 * The checks on the filters part of a dashboard's json_metadata before any write (issue #13, spec 001
 * §5): the configuration's own rules (@tessera/core `checkFilterConfiguration`: shapes, unpaired
 * fields, cascade parents and cycles), then every dataset a filter targets must exist and hold the
 * filter's column, and both columns of every cross-dataset mapping must exist. 422 `{field: [messages]}`
 * listing every problem; nothing is written.
 */
export async function checkFilterMetadata(
  ctx: Pick<AppContext, 'store'>,
  metadata: Pick<DashboardJsonMetadata, 'native_filter_configuration' | 'cross_dataset_mappings'>,
  field = 'json_metadata',
): Promise<void> {
  const problems = await filterMetadataProblems(ctx, metadata);
  if (problems.length > 0) throw messageError(422, { [field]: problems });
}

/** A dataset's name and column names, by dataset id; a missing id is a dataset that does not exist. */
export type DatasetColumnsLookup = (
  ids: readonly number[],
) => Promise<Map<number, { name: string; columns: Set<string> }>>;

/**
 * Every problem of the filters part of a metadata, as messages. `columnsOf` reads the datasets from
 * the metadata store; a bundle import hands one that also knows the datasets it is about to write.
 */
export async function filterMetadataProblems(
  ctx: Pick<AppContext, 'store'>,
  metadata: Pick<DashboardJsonMetadata, 'native_filter_configuration' | 'cross_dataset_mappings'>,
  columnsOf: DatasetColumnsLookup = (ids) => datasetColumnNames(ctx.store.db, ids),
): Promise<string[]> {
  const config = metadata.native_filter_configuration ?? [];
  const mappings = metadata.cross_dataset_mappings ?? [];
  if (config.length === 0 && mappings.length === 0) return [];
  const check = checkFilterConfiguration(config);
  if (!check.ok) return check.problems.map((problem) => problem.message);

  const wanted = filterColumnsByDataset(check.filters);
  for (const { source, target } of mappings) {
    for (const ref of [source, target]) wanted.set(ref.datasetId, wanted.get(ref.datasetId) ?? new Set());
  }
  const found = await columnsOf([...wanted.keys()]);
  const problems: string[] = [];
  for (const item of check.filters) {
    if (item.type !== 'NATIVE_FILTER') continue;
    for (const target of item.targets) {
      if (target.datasetId === undefined) continue;
      const dataset = found.get(target.datasetId);
      const column = target.column?.name;
      if (!dataset) problems.push(`Filter '${item.name}': dataset ${target.datasetId} does not exist`);
      else if (column !== undefined && !dataset.columns.has(column)) {
        problems.push(`Filter '${item.name}': column '${column}' is not in dataset ${dataset.name}`);
      }
    }
  }
  mappings.forEach((mapping, index) => problems.push(...mappingProblems(mapping, index, found)));
  return problems;
}

function mappingProblems(
  { source, target }: CrossDatasetMapping,
  index: number,
  found: Map<number, { name: string; columns: Set<string> }>,
): string[] {
  const name = (datasetId: number) => found.get(datasetId)?.name ?? `dataset ${datasetId}`;
  const where = `Column mapping ${index + 1} (${name(source.datasetId)}.${source.column} ↔ ${name(target.datasetId)}.${target.column})`;
  const problems: string[] = [];
  if (source.datasetId === target.datasetId) problems.push(`${where}: both columns are on the same dataset`);
  for (const ref of [source, target]) {
    const dataset = found.get(ref.datasetId);
    if (!dataset) problems.push(`${where}: dataset ${ref.datasetId} does not exist`);
    else if (!dataset.columns.has(ref.column)) {
      problems.push(`${where}: column '${ref.column}' is not in dataset ${dataset.name}`);
    }
  }
  return problems;
}
