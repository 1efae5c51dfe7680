/** Route paths; Superset's trailing-slash style so its links and habits carry over. */
/** The home route: it sends the user to their landing screen (`home-path.ts`). */
export const HOME_PATH = '/';
/** The signed-in user's own page; Superset's /user_info/ leads here too. */
export const PROFILE_PATH = '/profile/';
export const USER_INFO_PATH = '/user_info/';
export const LOGIN_PATH = '/login/';
export const DATABASE_LIST_PATH = '/databaseview/list/';
export const USER_LIST_PATH = '/users/list/';
export const ROLE_LIST_PATH = '/roles/list/';
export const RLS_LIST_PATH = '/rowlevelsecurity/list/';

export function databaseBrowsePath(id: number): string {
  return `/databaseview/${id}/browse/`;
}

/** The login page URL that brings the user back to where they were. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return next === '/' || next === LOGIN_PATH ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
