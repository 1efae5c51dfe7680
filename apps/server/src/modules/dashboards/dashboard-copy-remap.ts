/**
 * When a dashboard is copied with its charts duplicated, every place that names a chart by id must
 * name the copy instead: the layout's CHART components and the json_metadata maps keyed or listing
 * chart ids (reference §8.2). Values this code does not recognise are kept as they are.
 */

export type ChartIdMap = ReadonlyMap<number, { id: number; uuid: string }>;

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function remapId(value: unknown, map: ChartIdMap): unknown {
  return typeof value === 'number' ? (map.get(value)?.id ?? value) : value;
}

function remapIds(value: unknown, map: ChartIdMap): unknown {
  return Array.isArray(value) ? value.map((item) => remapId(item, map)) : value;
}

function remapKey(key: string, map: ChartIdMap): string {
  if (!/^\d+$/.test(key)) return key;
  const copy = map.get(Number(key));
  return copy === undefined ? key : String(copy.id);
}

function remapKeys(
  value: unknown,
  map: ChartIdMap,
  inner: (item: unknown) => unknown = (item) => item,
): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [remapKey(key, map), inner(item)]));
}

/** `{scope: {rootPath, excluded}, chartsInScope}` as filters and cross-filters hold them. */
function remapScoped(value: unknown, map: ChartIdMap): unknown {
  if (!isRecord(value)) return value;
  const next: Json = { ...value };
  if (isRecord(value.scope)) next.scope = { ...value.scope, excluded: remapIds(value.scope.excluded, map) };
  if ('chartsInScope' in value) next.chartsInScope = remapIds(value.chartsInScope, map);
  return next;
}

export function remapLayout(layout: Json, map: ChartIdMap): Json {
  return Object.fromEntries(
    Object.entries(layout).map(([key, component]) => {
      if (!isRecord(component) || component.type !== 'CHART' || !isRecord(component.meta))
        return [key, component];
      const chartId = component.meta.chartId;
      const copy = typeof chartId === 'number' ? map.get(chartId) : undefined;
      if (copy === undefined) return [key, component];
      return [key, { ...component, meta: { ...component.meta, chartId: copy.id, uuid: copy.uuid } }];
    }),
  );
}

export function remapMetadata(metadata: Json, map: ChartIdMap): Json {
  const next: Json = { ...metadata };
  if ('expanded_slices' in metadata) next.expanded_slices = remapKeys(metadata.expanded_slices, map);
  if ('timed_refresh_immune_slices' in metadata) {
    next.timed_refresh_immune_slices = remapIds(metadata.timed_refresh_immune_slices, map);
  }
  if ('chart_configuration' in metadata) {
    next.chart_configuration = remapKeys(metadata.chart_configuration, map, (config) => {
      if (!isRecord(config)) return config;
      return { ...config, id: remapId(config.id, map), crossFilters: remapScoped(config.crossFilters, map) };
    });
  }
  if ('global_chart_configuration' in metadata) {
    next.global_chart_configuration = remapScoped(metadata.global_chart_configuration, map);
  }
  if (Array.isArray(metadata.native_filter_configuration)) {
    next.native_filter_configuration = metadata.native_filter_configuration.map((filter) =>
      remapScoped(filter, map),
    );
  }
  if ('filter_scopes' in metadata) {
    // Legacy filter boxes: {chartId: {column: {scope: [...], immune: [chartIds]}}}.
    next.filter_scopes = remapKeys(metadata.filter_scopes, map, (columns) =>
      isRecord(columns)
        ? Object.fromEntries(
            Object.entries(columns).map(([column, scope]) => [
              column,
              isRecord(scope) ? { ...scope, immune: remapIds(scope.immune, map) } : scope,
            ]),
          )
        : columns,
    );
  }
  return next;
}
