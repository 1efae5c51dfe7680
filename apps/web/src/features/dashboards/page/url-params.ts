import { EMBEDDED_FILTER_PARAMS } from '@tessera/contracts';
import { z } from 'zod';

const objectSchema = z.record(z.string(), z.unknown());

/** Spec 001 §2 display modes from `?standalone=`: 1 hides the navigation, 2 also the title, 3 is Report. */
export type StandaloneMode = 0 | 1 | 2 | 3;

export const STANDALONE_MODES = { None: 0, HideNav: 1, HideNavAndTitle: 2, Report: 3 } as const;

/** Spec 001 §2: UI-config bit flags, read from one URL parameter. */
export const UI_CONFIG_FLAGS = { hideTitle: 1, hideTabBar: 2, hideNav: 4, hideChartControls: 8 } as const;
export const UI_CONFIG_PARAM = 'uiConfig';
/**
 * `print_all_tabs=1` with `standalone=3`: every tab stacked under its title (the PDF export's layout),
 * so the server's report renderer prints every tab in turn in one document.
 */
export const PRINT_ALL_TABS_PARAM = 'print_all_tabs';
/**
 * `print_tabs=["TAB-a","TAB-b"]` with `standalone=3`: only these tabs, each in turn under its title (a
 * report's selected tabs in one PDF).
 */
export const PRINT_TABS_PARAM = 'print_tabs';

/**
 * Parameters the dashboard page itself reads; everything else is a "regular" parameter that every chart
 * receives in form_data.url_params.
 */
export const RESERVED_URL_PARAMS = [
  'standalone',
  'edit',
  UI_CONFIG_PARAM,
  'focused_chart',
  'native_filters',
  'native_filters_key',
  'permalink_key',
  'disableDomainSharding',
  PRINT_ALL_TABS_PARAM,
  PRINT_TABS_PARAM,
  EMBEDDED_FILTER_PARAMS.visible,
  EMBEDDED_FILTER_PARAMS.expanded,
] as const;

export interface UiConfig {
  hideTitle: boolean;
  hideTabBar: boolean;
  hideNav: boolean;
  hideChartControls: boolean;
}

export function readStandalone(search: string): StandaloneMode {
  const value = new URLSearchParams(search).get('standalone');
  if (value === '1' || value === 'true') return 1;
  if (value === '2') return 2;
  if (value === '3') return 3;
  return 0;
}

/** True only in report mode: elsewhere the tabs stay interactive whatever the URL says. */
export function readPrintAllTabs(search: string): boolean {
  return readStandalone(search) === 3 && new URLSearchParams(search).get(PRINT_ALL_TABS_PARAM) === '1';
}

const tabListSchema = z.array(z.string().min(1)).max(500);

/** The tabs `print_tabs` lists (a JSON array of ids), in report mode only; empty otherwise. */
export function readPrintTabs(search: string): string[] {
  const value = new URLSearchParams(search).get(PRINT_TABS_PARAM);
  if (readStandalone(search) !== 3 || value === null) return [];
  try {
    const parsed = tabListSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function readEditFlag(search: string): boolean {
  return new URLSearchParams(search).get('edit') === 'true';
}

/** The UI-config bits combined with the standalone mode, so the page asks one question per element. */
export function readUiConfig(search: string): UiConfig {
  const raw = Number(new URLSearchParams(search).get(UI_CONFIG_PARAM) ?? '0');
  const bits = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const standalone = readStandalone(search);
  const has = (flag: number) => (bits & flag) === flag;
  return {
    hideTitle: has(UI_CONFIG_FLAGS.hideTitle) || standalone >= 2,
    hideTabBar: has(UI_CONFIG_FLAGS.hideTabBar),
    hideNav: has(UI_CONFIG_FLAGS.hideNav) || standalone >= 1,
    hideChartControls: has(UI_CONFIG_FLAGS.hideChartControls) || standalone === 3,
  };
}

/**
 * The embedded SDK's filter bar settings (`dashboardUiConfig.filters`): `show_filters=false` hides the
 * bar, `expand_filters=false` starts it collapsed; absent or anything else means shown and expanded.
 */
export function readEmbeddedFilterFlags(search: string): { visible: boolean; expanded: boolean } {
  const params = new URLSearchParams(search);
  return {
    visible: params.get(EMBEDDED_FILTER_PARAMS.visible) !== 'false',
    expanded: params.get(EMBEDDED_FILTER_PARAMS.expanded) !== 'false',
  };
}

/** `focused_chart=<id>`: the chart to scroll to and highlight; null when absent or not an id. */
export function readFocusedChart(search: string): number | null {
  const value = new URLSearchParams(search).get('focused_chart');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * The query parameters as a plain record, without the reserved ones (`drop: 'reserved'`, what charts
 * get as url_params) or without the regular ones (`drop: 'regular'`, what the page itself keeps).
 */
export function urlParams(search: string, drop: 'reserved' | 'regular'): Record<string, string> {
  const reserved = new Set<string>(RESERVED_URL_PARAMS);
  const kept: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (reserved.has(key) === (drop === 'regular')) kept[key] = value;
  }
  return kept;
}

/** A parameter value read as a number; null when it is not one. */
export function paramAsNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** 'true'/'1' and 'false'/'0' as booleans; anything else null. */
export function paramAsBoolean(value: string | null | undefined): boolean | null {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

/** A JSON object parameter (native_filters is one); null when it is not an object. */
export function paramAsObject(value: string | null | undefined): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  try {
    const parsed = objectSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A route parameter of digits is an id; anything else a slug (slugs cannot be all digits). */
export function parseIdOrSlug(param: string): { id: number } | { slug: string } {
  return /^\d+$/.test(param) ? { id: Number(param) } : { slug: param };
}
