import type { ControlDeclaration, ControlPanelConfig } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { isXAxisTemporal } from '../../query/buildQueryContext';
import { sortSeriesAscendingControl, sortSeriesTypeControl } from './sort-series';

const checkbox = (name: string, label: string, defaultValue: boolean): ControlDeclaration => ({
  name,
  type: 'CheckboxControl',
  label,
  default: defaultValue,
  renderTrigger: true,
});

/**
 * Which marker controls a variant offers: lines draw markers ('all'), scatter points only take a size
 * ('size'), bars have no markers at all ('none') so their controls would do nothing.
 */
export type MarkerControls = 'all' | 'size' | 'none';

const markerEnabledControl = checkbox('markerEnabled', 'Marker', false);
const markerSizeControl: ControlDeclaration = {
  name: 'markerSize',
  type: 'SliderControl',
  label: 'Marker Size',
  default: 6,
  min: 0,
  max: 20,
  renderTrigger: true,
};

function markerRows(markers: MarkerControls): ControlDeclaration[][] {
  if (markers === 'none') return [];
  if (markers === 'size') return [[markerSizeControl]];
  return [[markerEnabledControl], [markerSizeControl]];
}

/** Controls of the timeseries family; `extraChartOptions` holds the rows specific to one variant. */
export function timeseriesControlPanel(
  extraChartOptions: readonly (readonly ControlDeclaration[])[],
  markers: MarkerControls = 'all',
): ControlPanelConfig {
  return {
    sections: [
      shared.querySection([
        // Any groupable column: a category x-axis draws bars per state, a time one a trend.
        [{ ...shared.xAxis, type: 'ColumnControl' }],
        [{ ...shared.timeGrain, visibility: isXAxisTemporal }],
        [shared.metrics],
        [shared.groupby],
        [shared.contributionMode],
        [shared.adhocFilters],
        [shared.seriesLimit],
        [shared.seriesLimitMetric],
        [shared.groupOthersWhenLimitReached],
        [shared.orderDesc],
        [shared.rowLimit],
        [shared.truncateMetric],
        [shared.showEmptyColumns],
      ]),
      {
        label: 'Annotations and Layers',
        expanded: false,
        controlSetRows: [
          [
            {
              name: 'annotation_layers',
              type: 'AnnotationLayerControl',
              label: 'Annotation Layers',
              default: [],
              description: 'Annotation layers drawn over the chart',
            },
          ],
        ],
      },
      shared.advancedAnalyticsSection,
      {
        label: 'Chart Options',
        expanded: true,
        controlSetRows: [
          [shared.colorScheme],
          ...extraChartOptions,
          [sortSeriesTypeControl],
          [sortSeriesAscendingControl],
          [checkbox('zoomable', 'Data Zoom', false)],
          ...markerRows(markers),
          ...shared.legendSection,
          [
            {
              name: 'x_axis_title',
              type: 'TextControl',
              label: 'X Axis Title',
              default: '',
              renderTrigger: true,
            },
          ],
          [shared.timeFormat],
          [
            {
              name: 'y_axis_title',
              type: 'TextControl',
              label: 'Y Axis Title',
              default: '',
              renderTrigger: true,
            },
          ],
          [shared.yAxisFormat],
          [checkbox('logAxis', 'Logarithmic y-axis', false)],
          [
            {
              name: 'y_axis_bounds',
              type: 'TextControl',
              label: 'Y Axis Bounds',
              default: [null, null],
              renderTrigger: true,
            },
          ],
        ],
      },
    ],
  };
}

export const stackControl: ControlDeclaration = checkbox('stack', 'Stack series', false);
export const showValueControl: ControlDeclaration = shared.showValue;
export const areaOpacity: ControlDeclaration = {
  name: 'opacity',
  type: 'SliderControl',
  label: 'Area chart opacity',
  default: 0.2,
  min: 0,
  max: 1,
  step: 0.1,
  renderTrigger: true,
};
export const orientationControl: ControlDeclaration = {
  name: 'orientation',
  type: 'SelectControl',
  label: 'Bar orientation',
  default: 'vertical',
  choices: [
    { value: 'vertical', label: 'Vertical' },
    { value: 'horizontal', label: 'Horizontal' },
  ],
  renderTrigger: true,
};
export const seriesTypeControl: ControlDeclaration = {
  name: 'seriesType',
  type: 'SelectControl',
  label: 'Step type',
  default: 'start',
  choices: [
    { value: 'start', label: 'Start' },
    { value: 'middle', label: 'Middle' },
    { value: 'end', label: 'End' },
  ],
  renderTrigger: true,
};
