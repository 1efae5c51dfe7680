import type { ReactNode } from 'react';
import { DashboardEditProvider } from './DashboardEditProvider';
import { EditSidePanel } from './EditSidePanel';
import { useStoreLayoutEditor } from './use-store-layout-editor';

/** Edit mode: the grid with the editor's frames beside the charts and layout elements panel. */
export function DashboardEditor({ children }: { children: ReactNode }) {
  const editor = useStoreLayoutEditor();
  return (
    <DashboardEditProvider editor={editor}>
      <div
        style={{ display: 'flex', alignItems: 'flex-start', minHeight: '100%' }}
        data-test="dashboard-builder"
      >
        {children}
        <EditSidePanel />
      </div>
    </DashboardEditProvider>
  );
}
