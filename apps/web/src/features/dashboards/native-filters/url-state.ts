import { dataMaskMapSchema, type DataMaskMap, type FilterOrDivider } from '@tessera/contracts';
import { decodeRison, RisonSyntaxError } from '../../../shared/rison/rison-decode';
import { paramAsObject } from '../page/url-params';
import { filterMask, maskValue } from './filter-mask';
import { nativeFiltersOf } from './native-filters.slice';

export const NATIVE_FILTERS_KEY_PARAM = 'native_filters_key';
/** The preselect of spec 001 §2: `native_filters=(NATIVE_FILTER-x:(id:…,extraFormData:…,filterState:…))`. */
export const NATIVE_FILTERS_PARAM = 'native_filters';

function decodePreselect(text: string): unknown {
  try {
    return decodeRison(text);
  } catch (error) {
    if (!(error instanceof RisonSyntaxError)) throw error;
    // Older links wrote the same map as JSON.
    return paramAsObject(text);
  }
}

/**
 * The masks of the URL's rison `native_filters` preselect, or null when there is none or it is not a
 * mask map. A mask that carries only a value (filterState) gets its query part from the filter it
 * names, as the bar would build it.
 */
export function preselectedMasks(
  search: string,
  configuration: readonly FilterOrDivider[],
): DataMaskMap | null {
  const text = new URLSearchParams(search).get(NATIVE_FILTERS_PARAM);
  if (text === null || text.trim() === '') return null;
  const parsed = dataMaskMapSchema.safeParse(decodePreselect(text));
  if (!parsed.success) return null;
  const filters = new Map(nativeFiltersOf(configuration).map((filter) => [filter.id, filter]));
  const masks: DataMaskMap = {};
  for (const [id, mask] of Object.entries(parsed.data)) {
    const filter = filters.get(id);
    masks[id] =
      filter !== undefined && mask.extraFormData === undefined
        ? filterMask(filter, maskValue(mask))
        : { ...mask, id };
  }
  return masks;
}

/** A data mask map from JSON text (the filter state's value); null when it is not one. */
export function parseDataMaskText(text: string): DataMaskMap | null {
  try {
    const parsed = dataMaskMapSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The masks a permalink handed over in router state (`dataMask`), or null. */
export function dataMaskFromRouterState(state: unknown): DataMaskMap | null {
  if (typeof state !== 'object' || state === null || !('dataMask' in state)) return null;
  const parsed = dataMaskMapSchema.safeParse(state.dataMask);
  return parsed.success ? parsed.data : null;
}

/** What goes into the URL's filter state: only masks that hold a value (native filters and cross-filters). */
export function persistedMasks(masks: DataMaskMap): DataMaskMap {
  const kept: DataMaskMap = {};
  for (const [id, mask] of Object.entries(masks)) {
    const extra = mask.extraFormData ?? {};
    if (Object.keys(extra).length > 0 || (mask.filterState?.value ?? null) !== null) kept[id] = mask;
  }
  return kept;
}
