import type { ControlDeclaration } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox } from '../common/simpleQuery';

import { drawsMarkers, seriesTypeOf, togglesMarkers } from './seriesType';
import { transformMixedTimeseriesProps } from './transformProps';

const suffixB = (control: ControlDeclaration): ControlDeclaration => ({
  ...control,
  name: `${control.name}_b`,
});

const seriesType = (name: string): ControlDeclaration => ({
  name,
  type: 'SelectControl',
  label: 'Series type',
  default: 'line',
  renderTrigger: true,
  choices: [
    { value: 'line', label: 'Line' },
    { value: 'scatter', label: 'Scatter' },
    { value: 'smooth', label: 'Smooth Line' },
    { value: 'bar', label: 'Bar' },
    { value: 'start', label: 'Step - start' },
    { value: 'middle', label: 'Step - middle' },
    { value: 'end', label: 'Step - end' },
  ],
});
const yAxisIndex = (name: string): ControlDeclaration => ({
  name,
  type: 'SelectControl',
  label: 'Y Axis',
  default: 0,
  renderTrigger: true,
  choices: [
    { value: 0, label: 'Primary' },
    { value: 1, label: 'Secondary' },
  ],
});

/**
 * A query's Marker checkbox and Marker Size (`suffix` '' for query A, 'B' for query B), shown only
 * when the query's series type draws what they change: echarts draws no markers on bars.
 */
const markerControls = (suffix: '' | 'B'): { enabled: ControlDeclaration; size: ControlDeclaration } => ({
  enabled: {
    ...checkbox(`markerEnabled${suffix}`, 'Marker', false),
    visibility: (formData) => togglesMarkers(seriesTypeOf(formData[`seriesType${suffix}`])),
  },
  size: {
    name: `markerSize${suffix}`,
    type: 'SliderControl',
    label: 'Marker Size',
    default: 6,
    min: 0,
    max: 20,
    renderTrigger: true,
    visibility: (formData) => drawsMarkers(seriesTypeOf(formData[`seriesType${suffix}`])),
  },
});
const markersA = markerControls('');
const markersB = markerControls('B');

const queryControls = [
  shared.metrics,
  shared.groupby,
  shared.adhocFilters,
  shared.seriesLimit,
  shared.seriesLimitMetric,
  shared.orderDesc,
  shared.rowLimit,
  shared.truncateMetric,
];

export const mixedTimeseriesPlugin = defineChartPlugin({
  vizType: 'mixed_timeseries',
  metadata: {
    name: 'Mixed Chart',
    description: 'Visualize two different series using the same x-axis.',
    category: 'Evolution',
    tags: ['Advanced-Analytics', 'ECharts', 'Line', 'Multi-Variables', 'Time', 'Transformable'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    queryObjectCount: 2,
  },
  controlPanel: {
    sections: [
      shared.querySection([[shared.xAxis], [shared.timeGrain]]),
      { label: 'Query A', expanded: true, controlSetRows: queryControls.map((control) => [control]) },
      {
        label: 'Query B',
        expanded: true,
        controlSetRows: queryControls.map((control) => [suffixB(control)]),
      },
      shared.advancedAnalyticsSection,
      {
        label: 'Chart Options',
        expanded: true,
        controlSetRows: [
          [shared.colorScheme],
          [checkbox('show_query_identifiers', 'Show query identifiers', false)],
          [seriesType('seriesType'), yAxisIndex('yAxisIndex')],
          [checkbox('stack', 'Stack series', false), checkbox('area', 'Area chart', false), markersA.enabled],
          [markersA.size],
          [seriesType('seriesTypeB'), yAxisIndex('yAxisIndexB')],
          [
            checkbox('stackB', 'Stack series', false),
            checkbox('areaB', 'Area chart', false),
            markersB.enabled,
          ],
          [markersB.size],
          [checkbox('zoomable', 'Data Zoom', false)],
          ...shared.legendSection,
          [shared.timeFormat],
          [shared.yAxisFormat],
          [{ ...shared.yAxisFormat, name: 'y_axis_format_secondary', label: 'Secondary y-axis format' }],
          [
            {
              name: 'y_axis_title',
              type: 'TextControl',
              label: 'Primary y-axis title',
              default: '',
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'y_axis_title_secondary',
              type: 'TextControl',
              label: 'Secondary y-axis title',
              default: '',
              renderTrigger: true,
            },
          ],
        ],
      },
    ],
  },
  transformProps: transformMixedTimeseriesProps,
  loadChart: () => import('../timeseries/TimeseriesChart'),
});
