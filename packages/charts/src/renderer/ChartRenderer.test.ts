// @vitest-environment jsdom
import { createElement, useEffect } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartPlugin, RenderFailure } from '../plugin-api';
import { defineChartPlugin } from '../registry';
import { tableChartPlugin } from '../plugins/table';
import '../plugins';
import { ChartRenderer } from './ChartRenderer';
import { useRenderAttempt } from './paint-signal';

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
    expect(screen.getByRole('alert').textContent).toContain(
      'An error occurred while rendering the visualization: transform failed',
    );
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
      expect((await screen.findByRole('alert')).textContent).toContain(
        'An error occurred while rendering the visualization: render failed',
      );
    } finally {
      console.error = originalError;
    }
  });

  it('reports a plugin that paints late only after it has drawn', async () => {
    let draw: (() => void) | undefined;
    /** Stands in for a canvas host: it holds the attempt until its (deferred) drawing is done. */
    function LatePainter({ label }: { label: string }) {
      const attempt = useRenderAttempt();
      useEffect(() => {
        draw = attempt?.hold();
      }, [attempt]);
      return createElement('span', null, label);
    }
    const latePlugin = defineChartPlugin<{ label: string }>({
      ...tableChartPlugin,
      vizType: 'late_painter',
      transformProps: () => ({ label: 'drawing' }),
      loadChart: () => Promise.resolve({ default: LatePainter }),
    });
    const onRenderSuccess = vi.fn();
    render(
      createElement(ChartRenderer, {
        formData,
        queriesData,
        width: 400,
        height: 300,
        plugin: latePlugin,
        onRenderSuccess,
      }),
    );
    await screen.findByText('drawing');
    // Several frames pass with the component in the DOM but not drawn yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(onRenderSuccess).not.toHaveBeenCalled();
    expect(draw).toBeTypeOf('function');
    act(() => draw?.());
    await waitFor(() => {
      expect(onRenderSuccess).toHaveBeenCalledTimes(1);
    });
  });

  it('reports a DOM chart as rendered once it is in the document', async () => {
    const onRenderSuccess = vi.fn(() => {
      // The table's first rows are in the DOM when success is reported.
      expect(screen.getByText('CA')).toBeTruthy();
    });
    render(createElement(ChartRenderer, { formData, queriesData, width: 400, height: 300, onRenderSuccess }));
    await waitFor(() => {
      expect(onRenderSuccess).toHaveBeenCalledTimes(1);
    });
  });

  it('reports a throwing component with its message and stack instead of swallowing it', async () => {
    const originalError = console.error;
    console.error = () => undefined;
    const failures: RenderFailure[] = [];
    const onRenderSuccess = vi.fn();
    try {
      render(
        createElement(ChartRenderer, {
          formData,
          queriesData,
          width: 400,
          height: 300,
          plugin: throwingPlugin('component'),
          onRenderSuccess,
          onRenderFailure: (failure: RenderFailure) => failures.push(failure),
        }),
      );
      await waitFor(() => {
        expect(failures).toHaveLength(1);
      });
      expect(failures[0]?.message).toBe('render failed');
      expect(failures[0]?.stack).toContain('render failed');
      expect(document.querySelector('[data-test="chart-render-error-stack"]')?.textContent).toContain(
        'render failed',
      );
      expect(onRenderSuccess).not.toHaveBeenCalled();
    } finally {
      console.error = originalError;
    }
  });
});
