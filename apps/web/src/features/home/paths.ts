/** The home page, where everyone lands after login (Superset's /superset/welcome/). */
export const WELCOME_PATH = '/superset/welcome/';
