import {
  explorePermalinkStateSchema,
  type ExplorePermalinkRequest,
  type ExplorePermalinkState,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { readValue, storeValue } from '../sharing/sharing.service';
import { capped, checkedKey } from '../sharing/sharing.service';
import { checkExploreAccess, parseFormDataDatasource, sliceIdOf } from './explore-access';

/** POST /api/v1/explore/permalink: a new unguessable key each time, like Superset's explore permalinks. */
export async function createExplorePermalink(
  ctx: AppContext,
  principal: Principal,
  request: ExplorePermalinkRequest,
): Promise<string> {
  const datasource = parseFormDataDatasource(request.formData.datasource);
  if (datasource === null) {
    throw messageError(400, { formData: ['formData.datasource must be "{id}__{type}", e.g. "1__table".'] });
  }
  const chartId = sliceIdOf(request.formData);
  await checkExploreAccess(ctx, principal, datasource, chartId);
  const state: ExplorePermalinkState = {
    chartId,
    datasourceId: datasource.id,
    datasourceType: datasource.type,
    datasource: `${datasource.id}__${datasource.type}`,
    datasetId: datasource.id,
    state: {
      formData: request.formData,
      ...(request.urlParams === undefined ? {} : { urlParams: request.urlParams }),
    },
  };
  return storeValue(ctx.store.db, 'explore_permalink', capped(JSON.stringify(state)), principal.user.id);
}

/** GET /api/v1/explore/permalink/{key}: the stored state, when its dataset and chart are still readable. */
export async function readExplorePermalink(
  ctx: AppContext,
  principal: Principal,
  rawKey: unknown,
): Promise<ExplorePermalinkState> {
  const value = await readValue(ctx.store.db, 'explore_permalink', checkedKey(rawKey));
  if (value === null) throw notFound();
  const parsed = explorePermalinkStateSchema.safeParse(JSON.parse(value));
  if (!parsed.success) throw notFound();
  await checkExploreAccess(
    ctx,
    principal,
    { id: parsed.data.datasourceId, type: parsed.data.datasourceType },
    parsed.data.chartId,
  );
  return parsed.data;
}
