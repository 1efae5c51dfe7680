export { appendCharts } from './append-charts';
export { dropComponent, type DraggedItem, type DropDestination } from './drop';
export { addTab, deleteComponent, INVALID_META, resizeComponent, updateMeta, widthRoom } from './edit';
export { resizeByStep, type ResizeStep, type ResizeStepOutcome } from './resize-step';
export { dropPosition, type DropPosition, type DropRect } from './drop-position';
export * from './messages';
export {
  createComponent,
  NEW_COMPONENT_TYPES,
  NEW_HEADER_TEXT,
  NEW_TAB_TEXT,
  newComponentId,
  type NewChartInfo,
  type NewComponentType,
} from './new-component';
export { isRefusal, type LayoutOpResult } from './result';
export { depthOf, findParent, FIXED_IDS, occupiedWidth, pathTo, topLevelTabOf } from './tree';
