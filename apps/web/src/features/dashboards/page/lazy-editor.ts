import { lazyComponent } from '../../../shared/lazy/lazy-component';

// Edit mode (drag and drop, the side panel, save, properties and CSS dialogs) is its own chunk: a viewer
// never needs it, and an editor gets it when entering edit mode (preloaded on the Edit button's hover).
export const DashboardEditor = lazyComponent(() =>
  import('../editor/DashboardEditor').then((m) => m.DashboardEditor),
);
export const EditModeActions = lazyComponent(() =>
  import('../editor/EditModeActions').then((m) => m.EditModeActions),
);

/** Starts downloading edit mode's code, for a user about to enter it. */
export function preloadEditor(): void {
  void DashboardEditor.preload();
  void EditModeActions.preload();
}
