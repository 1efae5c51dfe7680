import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { SQLLAB_PATH } from '../paths';
import { openSavedQuery } from './saved-query-actions';
import { savedQueryIdFromSearch } from './saved-query-mapping';

/**
 * /sqllab/?savedQueryId={id} opens that saved query in a new tab, then the address becomes /sqllab/
 * so that a reload does not open it a second time.
 */
export function useSavedQueryParam(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  // Strict mode runs effects twice; one address is opened once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const id = savedQueryIdFromSearch(search);
    if (id === null || handled.current === search) return;
    handled.current = search;
    void dispatch(openSavedQuery(id)).then(() => {
      void navigate(SQLLAB_PATH, { replace: true });
    });
  }, [dispatch, navigate, search]);
}
