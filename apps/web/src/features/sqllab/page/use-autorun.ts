import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { runEditor } from '../run/run-editor';
import { setAutorun, type QueryEditor } from '../state';

/** A tab opened with autorun (a clone) runs once, as soon as its database is known. */
export function useAutorun(editor: Pick<QueryEditor, 'id' | 'autorun'>, databaseKnown: boolean): void {
  const dispatch = useAppDispatch();
  const { id, autorun } = editor;
  useEffect(() => {
    if (!autorun || !databaseKnown) return;
    dispatch(setAutorun({ id, autorun: false }));
    void dispatch(runEditor(id));
  }, [dispatch, id, autorun, databaseKnown]);
}
