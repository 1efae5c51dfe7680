/** Route paths; Superset's trailing-slash style so its links and habits carry over. */
export const HOME_PATH = '/databaseview/list/';
export const LOGIN_PATH = '/login/';
export const DATABASE_LIST_PATH = '/databaseview/list/';
export const USER_LIST_PATH = '/users/list/';
export const ROLE_LIST_PATH = '/roles/list/';

export function databaseBrowsePath(id: number): string {
  return `/databaseview/${id}/browse/`;
}

/** The login page URL that brings the user back to where they were. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return next === '/' || next === LOGIN_PATH ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
