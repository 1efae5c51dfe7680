import type { DashboardPermalinkState } from '@tessera/contracts';

/** The URL parameter of the preselected native filters (spec 001 §2), carried from a permalink's own URL. */
const PRESELECT_PARAM = 'native_filters';

/**
 * Where a permalink opens: the dashboard's path with the recorded URL parameters and anchor. A
 * `native_filters` preselect written on the permalink's own URL (spec 001 §2: 'Permalink pages carry over the
 * preselected filters parameter') goes along, replacing a recorded one.
 */
export function permalinkTarget(
  dashboardPathname: string,
  state: DashboardPermalinkState['state'],
  permalinkSearch: string,
): string {
  const params = new URLSearchParams(state.urlParams);
  const preselect = new URLSearchParams(permalinkSearch).get(PRESELECT_PARAM);
  if (preselect !== null) params.set(PRESELECT_PARAM, preselect);
  const search = params.toString();
  const hash = state.anchor === null || state.anchor === '' ? '' : `#${encodeURIComponent(state.anchor)}`;
  return `${dashboardPathname}${search === '' ? '' : `?${search}`}${hash}`;
}
