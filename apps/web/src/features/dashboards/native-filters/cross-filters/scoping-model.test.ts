import { chartInCrossFilterScope } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import {
  MAPPING_INCOMPLETE_MESSAGE,
  MAPPING_SAME_DATASET_MESSAGE,
  mappingErrors,
  scopingDraft,
  scopingMetadata,
} from './scoping-model';

const charts = [1, 2, 3];

describe('cross-filter scoping model', () => {
  it('saves the global scope and a custom chart scope as the cross-filter scope reads them', () => {
    const metadata = scopingMetadata(
      { color_scheme: 'x' },
      { globalExcluded: [3], custom: { 2: [1] }, mappings: [] },
      charts,
    );
    expect(metadata.color_scheme).toBe('x');
    expect(metadata.global_chart_configuration).toEqual({
      scope: { rootPath: ['ROOT_ID'], excluded: [3] },
      chartsInScope: [1, 2],
    });
    expect(metadata.chart_configuration?.['1']?.crossFilters).toEqual({
      scope: 'global',
      chartsInScope: [2],
    });
    expect(metadata.chart_configuration?.['2']?.crossFilters.chartsInScope).toEqual([3]);
    const inScope = (emitter: number, chart: number) =>
      chartInCrossFilterScope(
        emitter,
        chart,
        metadata.chart_configuration,
        metadata.global_chart_configuration,
      );
    expect(inScope(1, 3)).toBe(false); // global scope excludes 3
    expect(inScope(1, 2)).toBe(true);
    expect(inScope(2, 1)).toBe(false); // chart 2's own scope excludes 1
    expect(inScope(2, 3)).toBe(true);
  });

  it('reads back the draft it saved, and drops charts no longer on the dashboard', () => {
    const draft = {
      globalExcluded: [3, 9],
      custom: { 1: null, 2: [1] },
      mappings: [{ source: { datasetId: 1, column: 'a' }, target: { datasetId: 2, column: 'b' } }],
    };
    const saved = scopingMetadata({}, draft, charts);
    expect(scopingDraft(saved)).toEqual({
      globalExcluded: [3],
      custom: { 1: null, 2: [1], 3: null },
      mappings: draft.mappings,
    });
    expect(saved.cross_dataset_mappings).toEqual(draft.mappings);
  });

  it('refuses incomplete mappings and mappings within one dataset', () => {
    expect(
      mappingErrors([
        { source: { datasetId: 1, column: 'a' }, target: { datasetId: 2, column: null } },
        { source: { datasetId: 1, column: 'a' }, target: { datasetId: 1, column: 'b' } },
        { source: { datasetId: 1, column: 'a' }, target: { datasetId: 2, column: 'b' } },
      ]),
    ).toEqual({ 0: MAPPING_INCOMPLETE_MESSAGE, 1: MAPPING_SAME_DATASET_MESSAGE });
  });
});
