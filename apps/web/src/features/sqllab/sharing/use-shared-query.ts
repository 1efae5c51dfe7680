import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { SQLLAB_PATH } from '../paths';
import { openSharedQuery } from './open-shared-query';
import { sharedQuerySource } from './shared-query';

/**
 * When the address names a shared query (permalink, /kv/ key or past query id), opens it in a new tab
 * and then replaces the address with /sqllab/, so a reload does not open it again. Returns true while
 * the shared query is still loading, so the page does not open an empty first tab beside it.
 */
export function useSharedQuery(): boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [loading, setLoading] = useState(() => sharedQuerySource(pathname, search) !== null);
  // Strict mode runs effects twice; one address is opened once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const source = sharedQuerySource(pathname, search);
    const address = `${pathname}${search}`;
    if (source === null || handled.current === address) return;
    handled.current = address;
    setLoading(true);
    void dispatch(openSharedQuery(source)).then(() => {
      setLoading(false);
      void navigate(SQLLAB_PATH, { replace: true });
    });
  }, [dispatch, navigate, pathname, search]);

  return loading;
}
