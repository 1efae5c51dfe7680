import { createContext, type ComponentType, type ReactNode } from 'react';
import type { LayoutComponent } from '@tessera/contracts';

/**
 * The seam between the dashboard view and its editor: the editor provides these in edit mode, the
 * view renders plain components when the context is null, so the view never imports the editor.
 */
export interface ComponentFrameProps {
  component: LayoutComponent;
  parentId: string;
  index: number;
  depth: number;
  children: ReactNode;
}
export interface LayoutEditSeam {
  /** Wraps every component below GRID/top TABS in edit mode: drag handle, hover menu, resize, drop indicators. */
  ComponentFrame: ComponentType<ComponentFrameProps>;
  /** Rendered at the end of every container (GRID, TAB, ROW, COLUMN), and as its whole content when empty. */
  ContainerDropZone: ComponentType<{ container: LayoutComponent; depth: number }>;
  /** Replaces the text of TAB titles and HEADER components in edit mode. */
  EditableText: ComponentType<{
    componentId: string;
    text: string;
    placeholder: string;
    /** False lets a click through (an inactive tab's title switches tabs first); default true. */
    editOnClick?: boolean;
  }>;
  /** Replaces the rendered markdown in edit mode. */
  MarkdownEditor: ComponentType<{ componentId: string; code: string }>;
  /** Shown after the last tab of a TABS container in edit mode (with a delete for the top-level tabs). */
  AddTabButton: ComponentType<{ tabsId: string; topLevel?: boolean }>;
  /** Above the dashboard body: tabs dropped here become the top-level tabs (ROOT → TABS). */
  RootDropZone: ComponentType;
}
export const LayoutEditContext = createContext<LayoutEditSeam | null>(null);
