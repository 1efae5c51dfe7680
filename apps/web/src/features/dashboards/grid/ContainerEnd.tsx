import type { LayoutComponent } from '@tessera/contracts';
import { useContext } from 'react';
import { LayoutEditContext } from './layout-edit-context';

/** The editor's drop zone at the end of a container (its whole content when empty); nothing in view mode. */
export function ContainerEnd({ container, depth }: { container: LayoutComponent; depth: number }) {
  const edit = useContext(LayoutEditContext);
  if (edit === null) return null;
  const { ContainerDropZone } = edit;
  return <ContainerDropZone container={container} depth={depth} />;
}
