import { annotationLayerConfigSchema, type NativeAnnotationData, type QueryObject } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nativeAnnotationData } from '../annotation-layers/annotation-layers.service';

/** The NATIVE layers of a query object that are shown, with the layer id each names. */
function nativeLayersOf(query: QueryObject): { name: string; layerId: number }[] {
  return (query.annotation_layers ?? []).flatMap((raw) => {
    const parsed = annotationLayerConfigSchema.safeParse(raw);
    if (!parsed.success) return [];
    const layer = parsed.data;
    if (layer.sourceType !== 'NATIVE' || !layer.show) return [];
    const layerId = Number(layer.value);
    return Number.isSafeInteger(layerId) && layerId > 0 ? [{ name: layer.name, layerId }] : [];
  });
}

/**
 * `annotation_data` of a chart-data item: each shown NATIVE layer's annotations that overlap the
 * item's time range, by layer name. Read at every request and never cached with the rows, so a new
 * annotation shows without forcing the chart's query. Formula layers need no data; layers taken from
 * another chart are queried by the client.
 */
export async function annotationDataFor(
  ctx: Pick<AppContext, 'store'>,
  query: QueryObject,
  item: Record<string, unknown>,
): Promise<Record<string, NativeAnnotationData>> {
  const layers = nativeLayersOf(query);
  if (layers.length === 0) return {};
  const bound = (value: unknown): Date | null => (typeof value === 'number' ? new Date(value) : null);
  const bounds = { since: bound(item.from_dttm), until: bound(item.to_dttm) };
  const out: Record<string, NativeAnnotationData> = {};
  for (const { name, layerId } of layers) out[name] = await nativeAnnotationData(ctx, layerId, bounds);
  return out;
}
