import { defineChartPlugin, getChartPlugin, registerChartPlugin, useRenderAttempt } from '@tessera/charts';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAppSelector } from '../../../app/hooks';
import { byDataTest, renderWithStore, setupDomTest } from '../../../test/dom-test';
import { chartUpdateStarted, chartUpdateSucceeded } from '../../chart-runtime/chart-status.slice';
import { selectChart } from '../../chart-runtime/chart-store';
import { birthNames } from '../state/test-fixtures';
import { ChartPane } from './ChartPane';

setupDomTest();

const tablePlugin = getChartPlugin('table');

/** A plugin built on the table's query whose component is given by the test. */
function fakePlugin(vizType: string, component: ComponentType<{ label: string }>): void {
  if (!tablePlugin) throw new Error('the table plugin is built in');
  registerChartPlugin(
    defineChartPlugin<{ label: string }>({
      vizType,
      metadata: tablePlugin.metadata,
      controlPanel: tablePlugin.controlPanel,
      buildQuery: tablePlugin.buildQuery,
      transformProps: () => ({ label: 'drawing' }),
      loadChart: () => Promise.resolve({ default: component }),
    }),
  );
}

let paint: (() => void) | undefined;
/** Stands in for a canvas chart: in the DOM at once, drawn only when the test says so. */
function LatePainter({ label }: { label: string }) {
  const attempt = useRenderAttempt();
  useEffect(() => {
    paint = attempt?.hold();
  }, [attempt]);
  return <span>{label}</span>;
}
fakePlugin('test_late_painter', LatePainter);
fakePlugin('test_thrower', () => {
  throw new Error('bad series');
});

function Pane({ chartId, vizType = 'table' }: { chartId: number; vizType?: string }) {
  const chart = useAppSelector((state) => selectChart(state, chartId));
  return (
    <div style={{ height: 400 }}>
      <ChartPane
        chartId={chartId}
        chart={chart}
        datasource={birthNames}
        errors={{}}
        labels={{}}
        stale={false}
        standalone
        vizType={vizType}
      />
    </div>
  );
}

/** jsdom lays nothing out: the chart's container reports a size as a browser would. */
function sizedLayout(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element): void {
        const entry = { target, contentRect: { width: 600, height: 300 } } as unknown as ResizeObserverEntry;
        queueMicrotask(() => {
          this.callback([entry], this);
        });
      }
      unobserve(): void {
        // Sizes never change in these tests.
      }
      disconnect(): void {
        // See unobserve().
      }
    },
  );
}

function showResult(vizType: string) {
  sizedLayout();
  const view = renderWithStore(<Pane chartId={7} />);
  act(() => {
    view.store.dispatch(
      chartUpdateStarted({ chartId: 7, at: 1, formData: { viz_type: vizType, datasource: '3__table' } }),
    );
    view.store.dispatch(
      chartUpdateSucceeded({ chartId: 7, at: 2, queriesResponse: [{ data: [{ a: 1 }], rowcount: 1 }] }),
    );
  });
  return view;
}

describe('ChartPane chart holder', () => {
  it("says 'rendered' only after the plugin has painted", async () => {
    paint = undefined;
    const { store } = showResult('test_late_painter');
    await screen.findByText('drawing');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(byDataTest('chart-container').getAttribute('data-chart-status')).toBe('loading');
    expect(selectChart(store.getState(), 7).chartStatus).toBe('success');

    act(() => paint?.());

    await waitFor(() => {
      expect(byDataTest('chart-container').getAttribute('data-chart-status')).toBe('rendered');
    });
    expect(selectChart(store.getState(), 7).lastRendered).not.toBeNull();
  });

  it('shows a plugin that throws with the spec message and its stack', async () => {
    const originalError = console.error;
    console.error = () => undefined;
    try {
      const { store } = showResult('test_thrower');
      await waitFor(() => {
        expect(byDataTest('chart-container').getAttribute('data-chart-status')).toBe('failed');
      });
      expect(byDataTest('chart-alert').textContent).toContain(
        'An error occurred while rendering the visualization: bad series',
      );
      expect(byDataTest('error-stack-trace').textContent).toContain('bad series');
      expect(selectChart(store.getState(), 7).chartStackTrace).toContain('bad series');
    } finally {
      console.error = originalError;
    }
  });
});

describe('ChartPane for a viz type Tessera does not draw', () => {
  it('shows the unsupported notice, marked failed and unsupported, without running anything', () => {
    renderWithStore(<Pane chartId={8} vizType="deck_arc" />);
    const notice = byDataTest('chart-unsupported');
    expect(notice.textContent).toContain('This visualization type is not supported');
    expect(notice.textContent).toContain('deck_arc');
    const container = byDataTest('chart-container');
    expect(container.getAttribute('data-chart-status')).toBe('failed');
    expect(container.getAttribute('data-chart-unsupported')).toBe('true');
  });
});
