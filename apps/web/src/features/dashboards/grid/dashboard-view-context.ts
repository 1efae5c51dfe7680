import type { LabelColorResolver } from '@tessera/charts';
import { createContext } from 'react';
import type { FirstScreenGate } from './chart/first-screen-gate';

/** What every renderer of one dashboard page needs from the page, not from the layout. */
export interface DashboardView {
  dashboardId: number;
  /** ?standalone=3: no chart controls, every chart loads at once. */
  reportMode: boolean;
  canExplore: boolean;
  canCsv: boolean;
  canShareChart: boolean;
  /** uiConfig bit 2. */
  hideTabBar: boolean;
  /** uiConfig bit 8 or report mode: no chart header menus. */
  hideChartControls: boolean;
  /** Regular URL parameters, passed into every chart's form_data.url_params. */
  urlParams: Record<string, string>;
  /** `focused_chart`: scrolled to and highlighted once. */
  focusedChartId: number | null;
  /** `print_tabs` in report mode: only these tabs, each in turn under its title, instead of the layout. */
  printTabs: readonly string[];
  /** The dashboard's shared label → colour map, handed to every chart it draws. */
  labelColors: LabelColorResolver | null;
  /** Charts near the screen draw after the ones on it (null: every chart draws when its data is there). */
  drawGate: FirstScreenGate | null;
}

/** Outside a dashboard page: nothing may be done, nothing is selected. */
export const DEFAULT_DASHBOARD_VIEW: DashboardView = {
  dashboardId: 0,
  reportMode: false,
  canExplore: false,
  canCsv: false,
  canShareChart: false,
  hideTabBar: false,
  hideChartControls: false,
  urlParams: {},
  focusedChartId: null,
  printTabs: [],
  labelColors: null,
  drawGate: null,
};

export const DashboardViewContext = createContext<DashboardView>(DEFAULT_DASHBOARD_VIEW);
