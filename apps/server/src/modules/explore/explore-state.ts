import { sharedKeySchema, type ExploreSlice, type ExploreStateResponse } from '@tessera/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { visibleChart } from '../charts/chart-access';
import { chartUrl, datasourceExploreUrl, datasourceName, userRef } from '../charts/chart-dict';
import {
  chartOwnerIds,
  findChartView,
  parseChartParams,
  readChartFormData,
  upgradeFormData,
  type ChartView,
} from '../charts/charts.service';
import { loadExploreDatasource } from '../datasets/explore-datasource';
import type { Principal } from '../security/principal';
import { parseFormDataDatasource, sliceIdOf } from './explore-access';
import { readFormDataEntry } from './explore-form-data';
import { readExplorePermalink } from './explore-permalink';

const positiveId = z
  .string()
  .regex(/^\d{1,15}$/, 'Must be a positive integer.')
  .transform(Number)
  .refine((id) => id > 0, 'Must be a positive integer.');

/** The query string of GET /api/v1/explore/ (reference §7). */
export const exploreStateQuerySchema = z
  .object({
    slice_id: positiveId.optional(),
    datasource_id: positiveId.optional(),
    datasource_type: z.enum(['table', 'dataset']).optional(),
    viz_type: z.string().max(250).optional(),
    form_data_key: z.string().max(64).optional(),
    permalink_key: z.string().max(64).optional(),
  })
  .loose();

const MISSING_FORM_DATA_FOR_CHART = 'Form data not found in cache, reverting to chart metadata.';
const MISSING_FORM_DATA_FOR_DATASET = 'Form data not found in cache, reverting to dataset metadata.';

function toExploreSlice(
  view: ChartView,
  vizType: string,
  owners: number[],
  formData: Record<string, unknown>,
): ExploreSlice {
  return {
    slice_id: view.id,
    slice_name: view.slice_name,
    slice_url: chartUrl(view.id),
    description: view.description,
    description_markeddown: view.description ?? '',
    description_markdown: view.description ?? '',
    viz_type: vizType,
    datasource: `${view.datasource_id}__${view.datasource_type}`,
    datasource_id: view.datasource_id,
    datasource_type: view.datasource_type,
    datasource_name: datasourceName(view),
    datasource_url: datasourceExploreUrl(view.datasource_id, view.datasource_type),
    form_data: formData,
    query_context: view.query_context,
    cache_timeout: view.cache_timeout,
    certified_by: view.certified_by,
    certification_details: view.certification_details,
    owners,
    created_by: userRef(view.created_by_fk, view.created_first_name, view.created_last_name),
    changed_on: view.changed_on,
    modified: view.changed_on,
    is_managed_externally: view.is_managed_externally === 1,
    thumbnail_url: null,
    edit_url: `/chart/edit/${view.id}`,
  };
}

/**
 * GET /api/v1/explore/: the form data to open, from (in order) a permalink, a cached form-data key, a
 * saved chart or a bare datasource, plus the dataset and the chart it belongs to.
 */
export async function loadExploreState(
  ctx: AppContext,
  principal: Principal,
  rawQuery: unknown,
): Promise<ExploreStateResponse> {
  const query = parseInput(exploreStateQuerySchema, rawQuery);
  let formData: Record<string, unknown> | null = null;
  let message: string | null = null;
  let sliceId = query.slice_id ?? null;
  let datasource: { id: number; type: string } | null =
    query.datasource_id === undefined ? null : { id: query.datasource_id, type: 'table' };

  if (query.permalink_key !== undefined) {
    const permalink = await readExplorePermalink(ctx, principal, query.permalink_key);
    formData = permalink.state.formData;
    sliceId = permalink.chartId;
    datasource = { id: permalink.datasourceId, type: permalink.datasourceType };
  } else if (query.form_data_key !== undefined) {
    // A key that cannot exist is treated like an expired one: Explore falls back with a message.
    const entry = sharedKeySchema.safeParse(query.form_data_key).success
      ? await readFormDataEntry(ctx, query.form_data_key)
      : null;
    if (entry === null) {
      message = sliceId === null ? MISSING_FORM_DATA_FOR_DATASET : MISSING_FORM_DATA_FOR_CHART;
    } else {
      formData = parseChartParams(entry.form_data);
      sliceId = entry.chart_id ?? sliceId;
      datasource = { id: entry.datasource_id, type: entry.datasource_type };
    }
  }

  let slice: ExploreSlice | null = null;
  if (sliceId !== null) {
    await visibleChart(ctx, principal, sliceId);
    const view = await findChartView(ctx.store.db, sliceId);
    if (!view) throw notFound();
    // Charts saved by older Superset versions open upgraded; the row changes only when saved.
    const saved = readChartFormData(view);
    formData ??= saved.formData;
    datasource ??= { id: view.datasource_id, type: view.datasource_type };
    slice = toExploreSlice(view, saved.vizType, await chartOwnerIds(ctx.store.db, view.id), {
      ...saved.formData,
      slice_id: view.id,
      viz_type: saved.vizType,
      datasource: `${view.datasource_id}__${view.datasource_type}`,
    });
  }
  datasource ??= formData === null ? null : parseFormDataDatasource(formData.datasource);
  if (datasource === null) {
    throw messageError(
      400,
      'Explore needs slice_id, datasource_id and datasource_type, or a saved state key.',
    );
  }
  if (datasource.type !== 'table' && datasource.type !== 'dataset') throw notFound('Dataset not found');
  const dataset = await loadExploreDatasource(ctx, principal, datasource.id);

  const unresolved: Record<string, unknown> = { ...(formData ?? {}) };
  if (typeof unresolved.viz_type !== 'string' || unresolved.viz_type === '') {
    unresolved.viz_type = query.viz_type ?? slice?.viz_type ?? 'table';
  }
  // Cached keys, permalinks and ?viz_type= may name a legacy type too: all open upgraded.
  const resolved = upgradeFormData(unresolved);
  resolved.datasource = `${datasource.id}__table`;
  if (slice !== null) resolved.slice_id = slice.slice_id;
  else if (formData !== null && sliceIdOf(formData) === null) delete resolved.slice_id;
  return { result: { dataset: { ...dataset }, form_data: resolved, slice, message } };
}
