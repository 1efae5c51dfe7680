import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { controlPanel, numberInput, sortByMetric } from '../common/simpleQuery';
import { transformWordCloudProps } from './transformProps';

export const wordCloudChartPlugin = defineChartPlugin({
  vizType: 'word_cloud',
  metadata: {
    name: 'Word Cloud',
    description:
      'Visualizes the words in a column that appear the most often. Bigger font corresponds to higher frequency.',
    category: 'Ranking',
    tags: ['Categorical', 'Comparison', 'Density', 'Single Metric'],
    behaviors: [],
  },
  controlPanel: controlPanel(
    [
      [{ name: 'series', type: 'ColumnControl', label: 'Dimension', validators: [{ kind: 'nonEmpty' }] }],
      [shared.metric],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 100 }],
      [sortByMetric],
    ],
    [
      [numberInput('size_from', 'Minimum Font Size', 10), numberInput('size_to', 'Maximum Font Size', 70)],
      [
        {
          name: 'rotation',
          type: 'SelectControl',
          label: 'Word Rotation',
          default: 'square',
          renderTrigger: true,
          choices: [
            { value: 'random', label: 'random' },
            { value: 'flat', label: 'flat' },
            { value: 'square', label: 'square' },
          ],
        },
      ],
      [shared.colorScheme],
    ],
  ),
  transformProps: transformWordCloudProps,
  loadChart: () => import('./WordCloudChart'),
});
