import { createContext, type ComponentType } from 'react';
import type { LayoutComponent } from '@tessera/contracts';

/** What a component type's renderer (GridNode, ChartNode, …) receives. */
export interface NodeProps {
  component: LayoutComponent;
  parentId: string;
  index: number;
  depth: number;
}

/** A child by id, in its place under its parent. */
export interface ChildNodeProps {
  id: string;
  parentId: string;
  index: number;
  depth: number;
}

/**
 * The renderer of a container's children. The layout is recursive (LayoutNode draws containers, whose
 * children are LayoutNodes again), so containers take it from here instead of importing LayoutNode,
 * which imports them; DashboardGrid provides LayoutNode.
 */
export const RenderChildContext = createContext<ComponentType<ChildNodeProps> | null>(null);
