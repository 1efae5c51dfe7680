import type { ChartProps, ControlDeclaration } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { getColumnLabel, getMetricLabel, parseColumn, parseMetric } from '../../query/labels';
import { asBoolean, asNumber, asOptionalString, toNumber } from '../../query/values';
import { rgbaColorOf, rgbaCss, type RgbaColor } from '../../format/rgbaColor';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { checkbox, controlPanel } from '../common/simpleQuery';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { isCountryFieldType, type WorldMapProps } from './props';

/** Superset's default bubble colour (color_picker). */
const DEFAULT_BUBBLE_COLOR: RgbaColor = { r: 0, g: 122, b: 135, a: 1 };

export function transformWorldMapProps(chartProps: ChartProps): WorldMapProps {
  const { formData, width, height, theme } = chartProps;
  const entity = parseColumn(formData.entity);
  const entityLabel = entity === undefined ? '' : getColumnLabel(entity);
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const secondary = parseMetric(formData.secondary_metric);
  const bubbleLabel = secondary === undefined ? undefined : getMetricLabel(secondary);
  const rows = rowsOf(resultAt(chartProps)).map((row) => ({
    entity: labelOf(row[entityLabel]),
    value: toNumber(row[metricLabel]),
    bubble: bubbleLabel === undefined ? null : toNumber(row[bubbleLabel]),
  }));
  const fieldType = isCountryFieldType(formData.country_fieldtype) ? formData.country_fieldtype : 'cca2';
  const linearColorScheme = asOptionalString(formData.linear_color_scheme);
  const colorScheme = asOptionalString(formData.color_scheme);
  // Clicking a country filters the entity column by the value the dataset holds.
  const crossFilter = crossFilterConfig(
    chartProps,
    entity === undefined ? [] : [entityLabel],
    new Map(rows.map((row) => [row.entity, [row.entity]])),
    'dataKey',
  );
  return {
    rows,
    fieldType,
    metricLabel,
    ...(bubbleLabel === undefined ? {} : { bubbleLabel }),
    showBubbles: asBoolean(formData.show_bubbles, false),
    maxBubbleSize: asNumber(formData.max_bubble_size, 25),
    bubbleColor: rgbaCss(rgbaColorOf(formData.color_picker, DEFAULT_BUBBLE_COLOR)),
    colorBy: formData.color_by === 'country' ? 'country' : 'metric',
    ...(linearColorScheme === undefined ? {} : { linearColorScheme }),
    ...(colorScheme === undefined ? {} : { colorScheme }),
    theme,
    width,
    height,
    ...(crossFilter ? { crossFilter } : {}),
  };
}

const select = (
  name: string,
  label: string,
  defaultValue: string,
  choices: readonly (readonly [string, string])[],
  renderTrigger: boolean,
): ControlDeclaration => ({
  name,
  type: 'SelectControl',
  label,
  default: defaultValue,
  choices: choices.map(([value, text]) => ({ value, label: text })),
  renderTrigger,
});

export const worldMapChartPlugin = defineChartPlugin({
  vizType: 'world_map',
  metadata: {
    name: 'World Map',
    description:
      'A map of the world that can indicate values in different countries, shaded by a metric, with optional bubbles sized by a second metric.',
    category: 'Map',
    tags: ['2D', 'Comparison', 'Intensity', 'Multi-Dimensions', 'ECharts'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [
        select(
          'country_fieldtype',
          'Country Field Type',
          'cca2',
          [
            ['name', 'Full name'],
            ['cioc', 'code International Olympic Committee (cioc)'],
            ['cca2', 'code ISO 3166-1 alpha-2 (cca2)'],
            ['cca3', 'code ISO 3166-1 alpha-3 (cca3)'],
          ],
          false,
        ),
      ],
      [
        {
          name: 'entity',
          type: 'ColumnControl',
          label: 'Country Column',
          validators: [{ kind: 'nonEmpty' }],
        },
      ],
      [{ ...shared.metric, label: 'Metric for Color' }],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [{ name: 'sort_by_metric', type: 'CheckboxControl', label: 'Sort by metric', default: true }],
    ],
    [
      [checkbox('show_bubbles', 'Show Bubbles', false)],
      [{ ...shared.metric, name: 'secondary_metric', label: 'Bubble Size', validators: [] }],
      [
        {
          name: 'max_bubble_size',
          type: 'SelectControl',
          label: 'Max Bubble Size',
          default: '25',
          renderTrigger: true,
          freeForm: true,
          choices: ['5', '10', '15', '25', '50', '75', '100'].map((value) => ({ value, label: value })),
        },
      ],
      [
        {
          name: 'color_picker',
          type: 'ColorPickerControl',
          label: 'Bubble Color',
          description: 'The fixed colour of the bubbles.',
          default: DEFAULT_BUBBLE_COLOR,
          renderTrigger: true,
        },
      ],
      [
        select(
          'color_by',
          'Color by',
          'metric',
          [
            ['metric', 'Metric'],
            ['country', 'Country'],
          ],
          true,
        ),
      ],
      [
        {
          ...shared.linearColorScheme,
          label: 'Country Color Scheme',
          // Countries shade along it only when coloured by the metric.
          visibility: (formData) => formData.color_by !== 'country',
        },
      ],
      [{ ...shared.colorScheme, visibility: (formData) => formData.color_by === 'country' }],
    ],
  ),
  transformProps: transformWorldMapProps,
  loadChart: () => import('./WorldMapChart'),
});
