import { DASHBOARD_ROOT_ID, type CrossDatasetMapping, type DashboardJsonMetadata } from '@tessera/contracts';

/** One side of a mapping row while it is edited: either part may still be unset. */
export interface MappingSideDraft {
  datasetId: number | null;
  column: string | null;
}

export interface MappingDraft {
  source: MappingSideDraft;
  target: MappingSideDraft;
}

/** The cross-filter scoping modal's working copy (spec 001 §3 chart configuration; issue #13 scope 4–5). */
export interface ScopingDraft {
  /** Charts the global cross-filter scope leaves out. */
  globalExcluded: number[];
  /** Per emitting chart: null follows the global scope, a list is its own custom scope's excluded charts. */
  custom: Record<number, number[] | null>;
  mappings: MappingDraft[];
}

export const MAPPING_INCOMPLETE_MESSAGE = 'Choose a dataset and a column on both sides of each mapping';
export const MAPPING_SAME_DATASET_MESSAGE = 'A mapping links columns of two different datasets';

/** The draft the saved json_metadata describes. */
export function scopingDraft(metadata: DashboardJsonMetadata): ScopingDraft {
  const custom: Record<number, number[] | null> = {};
  for (const [key, entry] of Object.entries(metadata.chart_configuration ?? {})) {
    const scope = entry.crossFilters.scope;
    custom[Number(key)] = scope === 'global' ? null : [...scope.excluded];
  }
  return {
    globalExcluded: [...(metadata.global_chart_configuration?.scope.excluded ?? [])],
    custom,
    mappings: (metadata.cross_dataset_mappings ?? []).map((m) => ({
      source: { ...m.source },
      target: { ...m.target },
    })),
  };
}

/** Per mapping row, the message saying why it cannot be saved (rows without one are absent). */
export function mappingErrors(mappings: readonly MappingDraft[]): Record<number, string> {
  const errors: Record<number, string> = {};
  mappings.forEach((m, index) => {
    if (
      m.source.datasetId === null ||
      m.source.column === null ||
      m.target.datasetId === null ||
      m.target.column === null
    ) {
      errors[index] = MAPPING_INCOMPLETE_MESSAGE;
    } else if (m.source.datasetId === m.target.datasetId) {
      errors[index] = MAPPING_SAME_DATASET_MESSAGE;
    }
  });
  return errors;
}

function completeMappings(mappings: readonly MappingDraft[]): CrossDatasetMapping[] {
  return mappings.flatMap((m) =>
    m.source.datasetId === null ||
    m.source.column === null ||
    m.target.datasetId === null ||
    m.target.column === null
      ? []
      : [
          {
            source: { datasetId: m.source.datasetId, column: m.source.column },
            target: { datasetId: m.target.datasetId, column: m.target.column },
          },
        ],
  );
}

/**
 * The json_metadata to save: `global_chart_configuration` (scope from the root, its computed
 * `chartsInScope`), `chart_configuration` for every chart ('global' or a custom scope; a chart never
 * filters itself) and `cross_dataset_mappings`. Other keys are kept as they are.
 */
export function scopingMetadata(
  metadata: DashboardJsonMetadata,
  draft: ScopingDraft,
  chartIds: readonly number[],
): DashboardJsonMetadata {
  const inScope = (excluded: readonly number[], self?: number) => {
    const out = new Set(excluded);
    return chartIds.filter((id) => !out.has(id) && id !== self);
  };
  const globalExcluded = draft.globalExcluded.filter((id) => chartIds.includes(id));
  const chartConfiguration: NonNullable<DashboardJsonMetadata['chart_configuration']> = {};
  for (const id of chartIds) {
    const custom = draft.custom[id] ?? null;
    chartConfiguration[String(id)] = {
      id,
      crossFilters:
        custom === null
          ? { scope: 'global', chartsInScope: inScope(globalExcluded, id) }
          : {
              scope: { rootPath: [DASHBOARD_ROOT_ID], excluded: custom.filter((c) => chartIds.includes(c)) },
              chartsInScope: inScope(custom, id),
            },
    };
  }
  return {
    ...metadata,
    global_chart_configuration: {
      scope: { rootPath: [DASHBOARD_ROOT_ID], excluded: globalExcluded },
      chartsInScope: inScope(globalExcluded),
    },
    chart_configuration: chartConfiguration,
    cross_dataset_mappings: completeMappings(draft.mappings),
  };
}
