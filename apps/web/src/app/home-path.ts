import { WELCOME_PATH } from '../features/home/paths';
import type { SessionUser } from '../shared/session/session-slice';
import { LOGIN_PATH } from './paths';

/**
 * Where a signed-in user lands: the home page (/superset/welcome/, as in Superset), which shows each
 * section only to those who may read it, so it suits every role. Nobody signed in: the login page.
 */
export function homePathFor(user: SessionUser | null): string {
  return user === null ? LOGIN_PATH : WELCOME_PATH;
}
