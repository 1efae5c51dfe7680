import { SaveOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useReadSavedQueryMutation } from '../../savedqueries/saved-queries-api';
import { SaveQueryModal, type SaveQueryValues } from '../../savedqueries/SaveQueryModal';
import type { QueryEditor } from '../state';
import { saveEditorQuery } from './saved-query-actions';

type Dialog = { open: false } | { open: true; initial: SaveQueryValues };

/** 'Save': names the tab's query and saves it, or updates the saved query the tab came from. */
export function SaveQueryButton({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [saving, setSaving] = useState(false);
  const [readSaved, readState] = useReadSavedQueryMutation();
  const { remoteId } = editor;

  const open = async () => {
    // The tab does not keep the description; a saved tab shows the stored one.
    const stored = remoteId === null ? undefined : (await readSaved(remoteId)).data;
    setDialog({ open: true, initial: { label: editor.name, description: stored?.description ?? '' } });
  };

  const save = async (values: SaveQueryValues, mode: 'create' | 'update') => {
    setSaving(true);
    const saved = await dispatch(saveEditorQuery(editor.id, values, mode));
    setSaving(false);
    if (saved) setDialog({ open: false });
  };

  return (
    <>
      <Button
        size="small"
        icon={<SaveOutlined />}
        data-test="sqllab-save"
        disabled={editor.dbId === null}
        loading={readState.isLoading}
        onClick={() => void open()}
      >
        Save
      </Button>
      {dialog.open ? (
        <SaveQueryModal
          title={remoteId === null ? 'Save query' : 'Update saved query'}
          initial={dialog.initial}
          submitText={remoteId === null ? 'Save' : 'Update'}
          {...(remoteId === null
            ? {}
            : { alternative: { text: 'Save as new', onSubmit: (values) => void save(values, 'create') } })}
          saving={saving}
          onSubmit={(values) => void save(values, remoteId === null ? 'create' : 'update')}
          onCancel={() => setDialog({ open: false })}
        />
      ) : null}
    </>
  );
}
