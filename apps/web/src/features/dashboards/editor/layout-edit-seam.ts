import type { LayoutEditSeam } from '../grid/layout-edit-context';
import { AddTabButton } from './AddTabButton';
import { ComponentFrame } from './ComponentFrame';
import { ContainerDropZone } from './ContainerDropZone';
import { EditableText } from './EditableText';
import { MarkdownEditor } from './MarkdownEditor';
import { RootDropZone } from './RootDropZone';

/** The editor's side of the grid's seam; the grid renders these in edit mode. */
export const layoutEditSeam: LayoutEditSeam = {
  ComponentFrame,
  ContainerDropZone,
  EditableText,
  MarkdownEditor,
  AddTabButton,
  RootDropZone,
};
