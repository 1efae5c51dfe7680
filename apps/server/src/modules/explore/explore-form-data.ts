import type { ExploreFormDataWrite } from '@tessera/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { deleteValue, readLiveValue, replaceValue, storeExpiringValue } from '../sharing/sharing.service';
import { capped, checkedKey } from '../sharing/sharing.service';
import { checkExploreAccess } from './explore-access';

/** EXPLORE_FORM_DATA_CACHE_CONFIG: seven days, refreshed on every read (reference §7). */
export const FORM_DATA_TTL_MS = 7 * 24 * 3600 * 1000;

const entrySchema = z.object({
  owner: z.number().int(),
  datasource_id: z.number().int(),
  datasource_type: z.string(),
  chart_id: z.number().int().nullable(),
  form_data: z.string(),
});
export type FormDataEntry = z.infer<typeof entrySchema>;

async function checkedEntry(
  ctx: AppContext,
  principal: Principal,
  input: ExploreFormDataWrite,
): Promise<string> {
  const chartId = input.chart_id ?? null;
  await checkExploreAccess(ctx, principal, { id: input.datasource_id, type: input.datasource_type }, chartId);
  const entry: FormDataEntry = {
    owner: principal.user.id,
    datasource_id: input.datasource_id,
    datasource_type: input.datasource_type,
    chart_id: chartId,
    form_data: input.form_data,
  };
  return capped(JSON.stringify(entry));
}

export async function createFormData(
  ctx: AppContext,
  principal: Principal,
  input: ExploreFormDataWrite,
): Promise<string> {
  const json = await checkedEntry(ctx, principal, input);
  return storeExpiringValue(ctx.store.db, 'explore_form_data', json, principal.user.id, FORM_DATA_TTL_MS);
}

/** The live entry of a key, or null when it never existed or expired. */
export async function readFormDataEntry(ctx: AppContext, rawKey: unknown): Promise<FormDataEntry | null> {
  const parsedKey = checkedKey(rawKey);
  const live = await readLiveValue(ctx.store.db, 'explore_form_data', parsedKey, FORM_DATA_TTL_MS);
  if (live === null) return null;
  const parsed = entrySchema.safeParse(JSON.parse(live.value));
  return parsed.success ? parsed.data : null;
}

/** GET: anyone who may read the entry's dataset and chart reads its form data. */
export async function readFormData(ctx: AppContext, principal: Principal, rawKey: unknown): Promise<string> {
  const entry = await readFormDataEntry(ctx, rawKey);
  if (entry === null) throw notFound();
  await checkExploreAccess(
    ctx,
    principal,
    { id: entry.datasource_id, type: entry.datasource_type },
    entry.chart_id,
  );
  return entry.form_data;
}

/** PUT: only the entry's owner rewrites it; the key stays the same. */
export async function updateFormData(
  ctx: AppContext,
  principal: Principal,
  rawKey: unknown,
  input: ExploreFormDataWrite,
): Promise<string> {
  const key = checkedKey(rawKey);
  const entry = await readFormDataEntry(ctx, key);
  if (entry === null) throw notFound();
  if (entry.owner !== principal.user.id) throw forbidden();
  await replaceValue(ctx.store.db, key, await checkedEntry(ctx, principal, input), FORM_DATA_TTL_MS);
  return key;
}

export async function deleteFormData(ctx: AppContext, principal: Principal, rawKey: unknown): Promise<void> {
  const key = checkedKey(rawKey);
  const entry = await readFormDataEntry(ctx, key);
  if (entry === null) throw notFound();
  if (entry.owner !== principal.user.id) throw forbidden();
  await deleteValue(ctx.store.db, 'explore_form_data', key);
}
