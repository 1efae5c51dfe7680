import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { SQLLAB_PATH } from '../paths';
import { sqlSourceFromSearch } from './dataset-param';
import { openSqlSource } from './open-sql-source';

/**
 * When the address asks for a dataset (`?datasetId=`, `?datasourceKey=`) or a database and SQL
 * (`?dbid=&sql=`), opens it in a new tab, then replaces the address with /sqllab/ so a reload does not
 * open it again. True while the dataset is loading, so no empty first tab opens beside it.
 */
export function useDatasetParam(): boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [loading, setLoading] = useState(() => sqlSourceFromSearch(search) !== null);
  // Strict mode runs effects twice; one address is opened once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const source = sqlSourceFromSearch(search);
    if (source === null || handled.current === search) return;
    handled.current = search;
    setLoading(true);
    void dispatch(openSqlSource(source)).then(() => {
      setLoading(false);
      void navigate(SQLLAB_PATH, { replace: true });
    });
  }, [dispatch, navigate, search]);

  return loading;
}
