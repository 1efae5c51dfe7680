import type { LabelColorResolver } from '@tessera/charts';
import { createContext } from 'react';

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
  /** The dashboard's shared label → colour map, handed to every chart it draws. */
  labelColors: LabelColorResolver | null;
}

export const DashboardViewContext = createContext<DashboardView>({
  dashboardId: 0,
  reportMode: false,
  canExplore: false,
  canCsv: false,
  canShareChart: false,
  hideTabBar: false,
  hideChartControls: false,
  urlParams: {},
  focusedChartId: null,
  labelColors: null,
});
