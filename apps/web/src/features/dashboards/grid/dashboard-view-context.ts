import { createContext } from 'react';

/** What every renderer of one dashboard page needs from the page, not from the layout. */
export interface DashboardView {
  dashboardId: number;
  /** ?standalone=3: no chart controls, every chart loads at once. */
  reportMode: boolean;
  canExplore: boolean;
  canCsv: boolean;
}

export const DashboardViewContext = createContext<DashboardView>({
  dashboardId: 0,
  reportMode: false,
  canExplore: false,
  canCsv: false,
});
