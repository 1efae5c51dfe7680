import { DASHBOARD_ROOT_ID, type LayoutComponent } from '@tessera/contracts';
import { useContext, type ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectLayout } from '../state/dashboard-store';
import { ChartNode } from './ChartNode';
import { ColumnNode } from './ColumnNode';
import { DividerNode } from './DividerNode';
import { GridNode } from './GridNode';
import { HeaderNode } from './HeaderNode';
import { LayoutEditContext } from './layout-edit-context';
import { MarkdownNode } from './MarkdownNode';
import { RowNode } from './RowNode';
import { TabsNode } from './TabsNode';

export interface NodeProps {
  component: LayoutComponent;
  parentId: string;
  index: number;
  depth: number;
}

function body(props: NodeProps): ReactNode {
  switch (props.component.type) {
    case 'GRID':
      return <GridNode {...props} />;
    case 'TABS':
      return <TabsNode {...props} />;
    case 'ROW':
      return <RowNode {...props} />;
    case 'COLUMN':
      return <ColumnNode {...props} />;
    case 'CHART':
      return <ChartNode {...props} />;
    case 'MARKDOWN':
      return <MarkdownNode {...props} />;
    case 'HEADER':
      return <HeaderNode {...props} />;
    case 'DIVIDER':
      return <DividerNode />;
    default:
      // ROOT, TAB (drawn by its TABS) and DYNAMIC (not supported yet) draw nothing on their own.
      return null;
  }
}

/** Components the editor does not frame: the grid itself and the top-level tabs. */
function framed(component: LayoutComponent, parentId: string): boolean {
  return component.type !== 'GRID' && component.type !== 'ROOT' && parentId !== DASHBOARD_ROOT_ID;
}

/** One layout component by id, drawn by its type's renderer and, in edit mode, inside the editor's frame. */
export function LayoutNode({
  id,
  parentId,
  index,
  depth,
}: {
  id: string;
  parentId: string;
  index: number;
  depth: number;
}) {
  const component = useAppSelector((state) => selectLayout(state)[id]);
  const edit = useContext(LayoutEditContext);
  if (component === undefined) return null;
  const props = { component, parentId, index, depth };
  const content = body(props);
  if (edit === null || !framed(component, parentId)) return content;
  const { ComponentFrame } = edit;
  return (
    <ComponentFrame component={component} parentId={parentId} index={index} depth={depth}>
      {content}
    </ComponentFrame>
  );
}
