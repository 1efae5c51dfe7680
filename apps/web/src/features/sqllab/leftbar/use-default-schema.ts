import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useGetSchemasQuery } from '../../databases/databases-api';
import { setSchema, type QueryEditor } from '../state';
import { preferredSchema } from './preferred-schema';

/** Gives a tab without a schema its database's usual one once the schemas are known. */
export function useDefaultSchema(editor: Pick<QueryEditor, 'id' | 'dbId' | 'schema'>): void {
  const dispatch = useAppDispatch();
  const schemas = useGetSchemasQuery(editor.dbId ?? skipToken).currentData;
  const { id, schema } = editor;
  useEffect(() => {
    if (schema !== null || schemas === undefined) return;
    const preferred = preferredSchema(schemas);
    if (preferred !== null) dispatch(setSchema({ id, schema: preferred }));
  }, [dispatch, id, schema, schemas]);
}
