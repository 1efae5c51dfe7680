import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { dashboardApi } from '../api/dashboard-api';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState } from '../state/dashboard-store';

export const FAVORITE_FETCH_FAILED = 'There was an issue fetching the favorite status of this dashboard.';
export const FAVORITE_SAVE_FAILED = 'There was an issue favoriting this dashboard.';

/** The star: fetched once per dashboard, toggled at once and put back if the save fails. */
export function useFavorite(dashboardId: number) {
  const dispatch = useAppDispatch();
  const { isStarred, favoriteStatus } = useAppSelector(selectDashboardState);
  const [setFavorite] = dashboardApi.useSetDashboardFavoriteMutation();

  useEffect(() => {
    dispatch(dashboardStateActions.favoriteFetchStarted());
    const request = dispatch(dashboardApi.endpoints.getDashboardFavoriteStatus.initiate(dashboardId));
    void request.then((result) => {
      const value = result.data?.result.find((item) => item.id === dashboardId)?.value;
      if (value === undefined) {
        dispatch(dashboardStateActions.favoriteFetchFailed());
        dispatch(toastAdded('danger', FAVORITE_FETCH_FAILED, { noDuplicate: true }));
      } else {
        dispatch(dashboardStateActions.favoriteFetched(value));
      }
    });
    return () => {
      request.unsubscribe();
    };
  }, [dashboardId, dispatch]);

  const toggle = async () => {
    const previous = isStarred;
    dispatch(dashboardStateActions.favoriteToggled());
    const result = await setFavorite({ id: dashboardId, starred: !previous });
    if ('error' in result) {
      dispatch(dashboardStateActions.favoriteSaved(previous));
      dispatch(toastAdded('danger', FAVORITE_SAVE_FAILED));
    }
  };

  return { isStarred, ready: favoriteStatus === 'loaded', toggle };
}
