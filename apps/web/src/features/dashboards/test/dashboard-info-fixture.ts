import type { DashboardInfo } from '../state/dashboard-info';

/** A dashboard its viewer may do everything with, for component and store tests; `overrides` changes any part. */
export function dashboardInfoFixture(overrides: Partial<DashboardInfo> = {}): DashboardInfo {
  return {
    id: 7,
    slug: null,
    title: 'Births',
    published: false,
    owners: [],
    tags: [],
    certifiedBy: null,
    certificationDetails: null,
    css: '',
    metadata: {},
    changedOn: null,
    changedOnHumanized: null,
    changedByName: null,
    positionJson: null,
    canEdit: true,
    canSaveAs: true,
    canShare: true,
    canShareChart: true,
    canExplore: true,
    canCsv: true,
    ...overrides,
  };
}
