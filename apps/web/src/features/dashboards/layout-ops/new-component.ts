import {
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  type LayoutComponent,
  type LayoutComponentType,
} from '@tessera/contracts';
import { customAlphabet } from 'nanoid';

/** What the palette and the charts pane can add. */
export const NEW_COMPONENT_TYPES = [
  'TABS',
  'ROW',
  'COLUMN',
  'HEADER',
  'MARKDOWN',
  'DIVIDER',
  'CHART',
] as const satisfies readonly LayoutComponentType[];
export type NewComponentType = (typeof NEW_COMPONENT_TYPES)[number];

export const NEW_TAB_TEXT = 'New tab';
export const NEW_HEADER_TEXT = 'New header';
export const MARKDOWN_WIDTH = 4;
export const MARKDOWN_HEIGHT = 50;
export const MARKDOWN_STARTER = [
  '# Notes',
  '',
  'Write **markdown** here: headings, lists, links and tables.',
  '',
  '- Click to edit; switch back to Preview to see it drawn.',
].join('\n');
/** A column starts as wide as a default chart so a chart dropped in fits. */
export const NEW_COLUMN_WIDTH = GRID_DEFAULT_CHART_WIDTH;

/** Superset's id shape `<TYPE>-<10 url-safe characters>` (reference §8.3). */
const idSuffix = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-', 10);

export function newComponentId(type: LayoutComponentType): string {
  return `${type}-${idSuffix()}`;
}

/** The chart a CHART component shows; the charts pane supplies it. */
export interface NewChartInfo {
  chartId: number;
  sliceName: string;
  uuid?: string;
}

/** What is being dropped: a new component from the palette or charts pane, or one already on the dashboard. */
export type DraggedItem =
  { kind: 'new'; type: NewComponentType; chart?: NewChartInfo } | { kind: 'existing'; id: string };

/** One new component with its default meta; TABS come with their first TAB (returned in `extra`). */
export function createComponent(
  type: NewComponentType | 'TAB',
  chart?: NewChartInfo,
): { component: LayoutComponent; extra: LayoutComponent[] } {
  const id = newComponentId(type);
  const base = { id, type, children: [], parents: [] };
  switch (type) {
    case 'CHART': {
      const meta: Record<string, unknown> = {
        width: GRID_DEFAULT_CHART_WIDTH,
        height: GRID_DEFAULT_CHART_HEIGHT,
        chartId: chart?.chartId,
        sliceName: chart?.sliceName,
      };
      if (chart?.uuid !== undefined) meta.uuid = chart.uuid;
      return { component: { ...base, meta }, extra: [] };
    }
    case 'MARKDOWN':
      return {
        component: {
          ...base,
          meta: { width: MARKDOWN_WIDTH, height: MARKDOWN_HEIGHT, code: MARKDOWN_STARTER },
        },
        extra: [],
      };
    case 'HEADER':
      return {
        component: {
          ...base,
          meta: { text: NEW_HEADER_TEXT, headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' },
        },
        extra: [],
      };
    case 'ROW':
      return { component: { ...base, meta: { background: 'BACKGROUND_TRANSPARENT' } }, extra: [] };
    case 'COLUMN':
      return {
        component: { ...base, meta: { width: NEW_COLUMN_WIDTH, background: 'BACKGROUND_TRANSPARENT' } },
        extra: [],
      };
    case 'TAB':
      return { component: { ...base, meta: { text: NEW_TAB_TEXT, defaultText: NEW_TAB_TEXT } }, extra: [] };
    case 'TABS': {
      const tab = createComponent('TAB').component;
      return { component: { ...base, children: [tab.id] }, extra: [tab] };
    }
    case 'DIVIDER':
      return { component: base, extra: [] };
  }
}
