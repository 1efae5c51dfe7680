import type { Bootstrap } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { TEST_BOOTSTRAP } from '../../../test/dom-test';
import { nativeFiltersActions } from '../native-filters/native-filters.slice';
import { dashboardInfoLoaded, dashboardInfoPatched } from './dashboard-info.slice';
import { selectCrossFiltersEnabled } from './dashboard-store';
import { dashboardInfoFixture } from '../test/dashboard-info-fixture';

const info = dashboardInfoFixture({ id: 1 });

function store(flags: Record<string, boolean>) {
  const bootstrap: Bootstrap = {
    ...TEST_BOOTSTRAP,
    common: { ...TEST_BOOTSTRAP.common, feature_flags: flags },
  };
  const created = createAppStore({ bootstrap, theme: { mode: 'light', source: 'user' } });
  created.dispatch(dashboardInfoLoaded(info));
  created.dispatch(
    nativeFiltersActions.filtersOpened({
      configuration: [],
      crossFiltersEnabled: true,
      masks: {},
      masksReady: true,
    }),
  );
  return created;
}

describe('selectCrossFiltersEnabled (spec 001 §6)', () => {
  it('is on by default and follows the dashboard properties', () => {
    const s = store({});
    expect(selectCrossFiltersEnabled(s.getState())).toBe(true);
    s.dispatch(dashboardInfoPatched({ metadata: { cross_filters_enabled: false } }));
    expect(selectCrossFiltersEnabled(s.getState())).toBe(false);
  });

  it('is off when the DASHBOARD_CROSS_FILTERS feature flag is off', () => {
    expect(selectCrossFiltersEnabled(store({ DASHBOARD_CROSS_FILTERS: false }).getState())).toBe(false);
    expect(selectCrossFiltersEnabled(store({ DASHBOARD_CROSS_FILTERS: true }).getState())).toBe(true);
  });
});
