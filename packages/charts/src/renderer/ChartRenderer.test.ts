// @vitest-environment jsdom
import { createElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartPlugin } from '../plugin-api';
import { defineChartPlugin } from '../registry';
import { tableChartPlugin } from '../plugins/table';
import '../plugins';
import { ChartRenderer } from './ChartRenderer';

afterEach(cleanup);

const formData = { datasource: '1__table', viz_type: 'table', groupby: ['state'], metrics: ['count'] };
const queriesData = [{ colnames: ['state', 'count'], data: [{ state: 'CA', count: 3 }] }];

function throwingPlugin(where: 'transformProps' | 'component'): ChartPlugin {
  return defineChartPlugin<{ label: string }>({
    ...tableChartPlugin,
    vizType: `broken_${where}`,
    transformProps: () => {
      if (where === 'transformProps') throw new Error('transform failed');
      return { label: 'x' };
    },
    loadChart: () =>
      Promise.resolve({
        default: () => {
          throw new Error('render failed');
        },
      }),
  });
}

describe('ChartRenderer', () => {
  it('lazy-loads the plugin component and renders the transformed data', async () => {
    render(createElement(ChartRenderer, { formData, queriesData, width: 400, height: 300 }));
    expect(await screen.findByText('CA')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
  });

  it('shows the loading state while the query runs', () => {
    render(
      createElement(ChartRenderer, { formData, queriesData: [], width: 400, height: 300, loading: true }),
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shows query errors and unknown viz types as alerts', () => {
    render(
      createElement(ChartRenderer, {
        formData,
        queriesData: [],
        width: 400,
        height: 300,
        error: 'Column x does not exist',
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Column x does not exist');
    cleanup();
    render(
      createElement(ChartRenderer, {
        formData: { ...formData, viz_type: 'nope' },
        queriesData,
        width: 400,
        height: 300,
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Unknown chart type: nope');
  });

  it('shows an error when transformProps or the component throws', async () => {
    render(
      createElement(ChartRenderer, {
        formData,
        queriesData,
        width: 400,
        height: 300,
        plugin: throwingPlugin('transformProps'),
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('transform failed');
    cleanup();
    const originalError = console.error;
    console.error = () => undefined;
    try {
      render(
        createElement(ChartRenderer, {
          formData,
          queriesData,
          width: 400,
          height: 300,
          plugin: throwingPlugin('component'),
        }),
      );
      expect((await screen.findByRole('alert')).textContent).toBe('render failed');
    } finally {
      console.error = originalError;
    }
  });
});
