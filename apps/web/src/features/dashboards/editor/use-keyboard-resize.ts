import { GRID_COLUMN_COUNT } from '@tessera/contracts';
import { useState, type KeyboardEvent } from 'react';
import { isRefusal, resizeByStep, type ResizeStep, type ResizeStepOutcome } from '../layout-ops';
import { useLayoutEditor } from './layout-editor-context';

const STEPS: Record<string, ResizeStep> = {
  ArrowRight: { columns: 1 },
  ArrowLeft: { columns: -1 },
  ArrowDown: { rows: 1 },
  ArrowUp: { rows: -1 },
};

const LIMITS = { narrowest: 'minimum width', shortest: 'minimum height', tallest: 'maximum height' } as const;

/** The sentence a screen reader hears after a step. */
export function resizeAnnouncement(label: string, outcome: ResizeStepOutcome): string {
  if (isRefusal(outcome.result)) return outcome.result.error;
  if (!('width' in outcome) && !('height' in outcome)) return '';
  const size = [
    outcome.width === undefined
      ? ''
      : `${String(outcome.width)} of ${String(GRID_COLUMN_COUNT)} columns wide`,
    outcome.height === undefined ? '' : `${String(outcome.height)} grid units tall`,
  ]
    .filter((part) => part !== '')
    .join(', ');
  const limit = 'limit' in outcome && outcome.limit !== undefined ? ` (at its ${LIMITS[outcome.limit]})` : '';
  return `${label}: ${size}${limit}`;
}

/**
 * Shift+Arrow keys on a focused frame resize it by one grid step (left/right: a column, up/down: a grid
 * unit of height). Each step is one undo step; a refusal shows the editor's warning toast; the result is
 * announced through an aria-live region. Keys typed inside the frame's content (a markdown editor) are
 * left alone: only the frame itself listens.
 */
export function useKeyboardResize(componentId: string, label: string) {
  const editor = useLayoutEditor();
  const [announcement, setAnnouncement] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const step = STEPS[event.key];
    if (step === undefined || !event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    let outcome: ResizeStepOutcome | undefined;
    editor.apply((layout) => {
      outcome = resizeByStep(layout, componentId, step);
      return outcome.result;
    });
    if (outcome !== undefined) setAnnouncement(resizeAnnouncement(label, outcome));
  };
  return { onKeyDown, announcement };
}
