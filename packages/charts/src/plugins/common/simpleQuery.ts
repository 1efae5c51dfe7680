import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, ControlDeclaration, ControlPanelConfig, FormData } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseMetric, parseMetrics } from '../../query/labels';

/**
 * The query of "dimensions + metric" charts (funnel, gauge, treemap, sunburst, word cloud…): the base
 * query object, ordered by the metric descending when `sort_by_metric` is on (Superset's default).
 */
export function buildSortedByMetricQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const metric = parseMetric(formData.metric) ?? parseMetrics(formData.metrics)[0];
  const sortByMetric = formData.sort_by_metric !== false;
  return buildQueryContext(
    formData,
    (base) => [{ ...base, orderby: sortByMetric && metric !== undefined ? [[metric, false]] : [] }],
    options,
  );
}

export const sortByMetric: ControlDeclaration = {
  name: 'sort_by_metric',
  type: 'CheckboxControl',
  label: 'Sort by metric',
  default: true,
};

export const checkbox = (name: string, label: string, defaultValue: boolean): ControlDeclaration => ({
  name,
  type: 'CheckboxControl',
  label,
  default: defaultValue,
  renderTrigger: true,
});

export const numberInput = (
  name: string,
  label: string,
  defaultValue: number | null,
): ControlDeclaration => ({
  name,
  type: 'NumberControl',
  label,
  default: defaultValue,
  renderTrigger: true,
});

/** A Query section and a Chart Options section. */
export function controlPanel(
  queryRows: readonly (readonly ControlDeclaration[])[],
  optionRows: readonly (readonly ControlDeclaration[])[],
): ControlPanelConfig {
  return {
    sections: [
      shared.querySection(queryRows),
      { label: 'Chart Options', expanded: true, controlSetRows: optionRows },
    ],
  };
}
