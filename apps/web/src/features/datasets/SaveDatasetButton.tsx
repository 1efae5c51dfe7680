import { TableOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../shared/lazy/lazy-component';
import type { DatasetSource } from './save-dataset';

// The modal loads when first opened, not with SQL Lab.
const SaveDatasetModal = lazyComponent(() =>
  import('./SaveDatasetModal').then((module) => module.SaveDatasetModal),
);

/** The results pane's "Save dataset" button and its modal. */
export function SaveDatasetButton({ source, initialName }: { source: DatasetSource; initialName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<TableOutlined />}
        data-test="sqllab-save-dataset"
        onClick={() => setOpen(true)}
      >
        Save dataset
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveDatasetModal source={source} initialName={initialName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
