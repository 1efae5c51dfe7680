import { isRecord, legacyFormDataSchema, type LegacyFormData } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../platform/errors';
import { findChart, readChartFormData } from '../charts/charts.service';

/** The legacy views' error body (reference §1.1, "legacy form"): `{error: "<message>"}`. */
export function legacyError(statusCode: number, message: string): ApiError {
  return new ApiError(statusCode, { error: message }, message);
}

const NOT_JSON = 'Request is not JSON';
const NO_DATASET = 'The dataset associated with this chart no longer exists';

function parseFormDataText(text: string): LegacyFormData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw legacyError(400, NOT_JSON);
  }
  const result = legacyFormDataSchema.safeParse(parsed);
  if (!result.success) throw legacyError(400, NOT_JSON);
  return result.data;
}

/**
 * The form data a request carries, as Superset's `get_form_data` reads it: the body (a JSON object,
 * `{form_data: {...} | "<json>"}`, or a form post's `form_data` field), then the query string's
 * `form_data`, whose keys win. Text that is not a JSON object is 400 `Request is not JSON`.
 */
export function requestFormData(
  body: unknown,
  contentType: string,
  queryFormData: string | undefined,
): LegacyFormData {
  const fromQuery = queryFormData === undefined ? {} : parseFormDataText(queryFormData);
  return { ...bodyFormData(body, contentType), ...fromQuery };
}

function bodyFormData(body: unknown, contentType: string): LegacyFormData {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body === 'string') return parseFormDataText(body);
  if (!isRecord(body)) throw legacyError(400, NOT_JSON);
  const field = body.form_data;
  if (contentType.startsWith('application/x-www-form-urlencoded') || typeof field === 'string') {
    if (field === undefined) return {};
    if (typeof field !== 'string') throw legacyError(400, NOT_JSON);
    return parseFormDataText(field);
  }
  if (isRecord(field)) return { ...field };
  return { ...body };
}

function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Keys that may sit beside slice_id while the saved chart still supplies the rest (Superset's rule). */
const SLICE_OVERLAY_KEYS: ReadonlySet<string> = new Set([
  'slice_id',
  'extra_filters',
  'adhoc_filters',
  'viz_type',
]);

/**
 * Form data that names a saved chart and nothing else of substance is that chart's params (upgraded as
 * every read of a chart upgrades them) with the request's keys on top. Whether the caller may read the
 * chart's data is decided on its dataset afterwards, as for any form data.
 */
export async function withSavedChart(ctx: AppContext, formData: LegacyFormData): Promise<LegacyFormData> {
  const sliceId = positiveId(formData.slice_id);
  if (sliceId === null || !Object.keys(formData).every((key) => SLICE_OVERLAY_KEYS.has(key))) return formData;
  const chart = await findChart(ctx.store.db, sliceId);
  if (!chart) throw legacyError(404, 'Chart not found');
  const saved = readChartFormData(chart);
  return {
    ...saved.formData,
    viz_type: saved.vizType,
    datasource: `${String(chart.datasource_id)}__${chart.datasource_type}`,
    ...formData,
  };
}

export interface LegacyDatasource {
  id: number;
  type: 'table' | 'dataset';
}

/**
 * The datasource: form data's `datasource` ("<id>__<type>") when it has one, else the typed path's, as
 * Superset's get_datasource_info decides. None is 400 (Superset's message); other types than a dataset
 * are 400 as on the chart data API.
 */
export function legacyDatasource(
  formData: LegacyFormData,
  path: { datasource_type: string; datasource_id: number } | null,
): LegacyDatasource {
  let id: unknown = path?.datasource_id;
  let type: string | undefined = path?.datasource_type;
  const key = formData.datasource;
  if (typeof key === 'string' && key.includes('__')) {
    const [keyId = '', keyType = ''] = key.split('__');
    id = keyId;
    type = keyType;
  }
  const numeric = positiveId(id);
  if (numeric === null || type === undefined) throw legacyError(400, NO_DATASET);
  if (type !== 'table' && type !== 'dataset')
    throw legacyError(400, `Datasource type ${type} is not supported`);
  return { id: numeric, type };
}
