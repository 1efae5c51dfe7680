import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this dashboard and lose them?';

/**
 * Asks before unsaved edits are lost: the browser's own prompt on reload, close or a link to another
 * site (beforeunload), and a confirmation on every navigation inside the app — links, `navigate()` and
 * the browser's Back/Forward — through the data router's blocker. Moving within the dashboard (the
 * query string, the active tab's hash) stays free.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
