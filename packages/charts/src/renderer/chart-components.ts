import { lazy, type ComponentType } from 'react';
import { settledPromise } from '@tessera/core';
import type { ChartPlugin } from '../plugin-api';
import { getChartPlugin } from '../registry';

const loaded = new WeakMap<ChartPlugin, ComponentType<object>>();
const loading = new WeakMap<ChartPlugin, Promise<{ default: ComponentType<object> }>>();
const lazyComponents = new WeakMap<ChartPlugin, ComponentType<object>>();

function load(plugin: ChartPlugin): Promise<{ default: ComponentType<object> }> {
  let started = loading.get(plugin);
  if (!started) {
    started = plugin.loadChart().then((module) => {
      loaded.set(plugin, module.default);
      return module;
    });
    // A failed download is not kept: the next render asks again (and shows the failure if it fails too).
    started.catch(() => {
      loading.delete(plugin);
    });
    loading.set(plugin, started);
  }
  return started;
}

/**
 * Starts downloading the component of `vizType`'s plugin, for a page that knows which charts it is
 * about to draw; their first render then takes it in the same pass instead of suspending (see
 * `settledPromise`: a fallback makes React hold back every Suspense reveal on the page for up to 300 ms).
 */
export function preloadChartComponent(vizType: string): void {
  const plugin = getChartPlugin(vizType);
  if (plugin) load(plugin).catch(() => undefined);
}

/** One React.lazy component per plugin: its chunk loads once, and renders at once once loaded. */
export function lazyChart(plugin: ChartPlugin): ComponentType<object> {
  let component = lazyComponents.get(plugin);
  if (!component) {
    component = lazy(() => {
      const known = loaded.get(plugin);
      return known ? settledPromise({ default: known }) : load(plugin);
    });
    lazyComponents.set(plugin, component);
  }
  return component;
}
