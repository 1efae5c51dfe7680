import { jsonEqual } from './json-equal';
import type { EditorChanges, QueryEditor, UnsavedQueryEditor } from './types';

/** The editor slice's state (defined here because the edit helpers work on it). */
export interface EditorsState {
  queryEditors: QueryEditor[];
  /** Ids in the order tabs were last activated; the last one is the active tab. */
  tabHistory: string[];
  unsavedQueryEditor: UnsavedQueryEditor;
  /** Tab id to the time it was removed, until the server has deleted it too. */
  destroyedQueryEditors: Record<string, number>;
  /** When unsaved tabs were last pushed to the server. */
  editorTabLastUpdatedAt: number;
  /** The tab last activated on the server. */
  lastUpdatedActiveTab: string | null;
}

/** Changes to these fields are not content edits, so they leave `updatedAt` alone. */
const SILENT_FIELDS: ReadonlySet<keyof EditorChanges> = new Set(['selectedText', 'cursorPosition']);

export function activeEditorId(state: Pick<EditorsState, 'tabHistory'>): string | undefined {
  return state.tabHistory.at(-1);
}

/** The editor as the user sees it: the pending edits of the unsaved buffer on top. */
export function withUnsavedEdits(editor: QueryEditor, unsaved: UnsavedQueryEditor): QueryEditor {
  if (unsaved.id !== editor.id) return editor;
  return { ...editor, ...unsaved, id: editor.id };
}

/** Writes the unsaved buffer into its editor and empties it. */
export function flushUnsaved(state: EditorsState): void {
  const { id, ...edits } = state.unsavedQueryEditor;
  if (id === undefined) return;
  const editor = state.queryEditors.find((qe) => qe.id === id);
  if (editor) Object.assign(editor, edits);
  state.unsavedQueryEditor = {};
}

/** Makes `id` the active tab; the history keeps each id once, most recent last. */
export function activate(state: EditorsState, id: string): void {
  state.tabHistory = [...state.tabHistory.filter((tabId) => tabId !== id), id];
}

function definedOnly(changes: EditorChanges): EditorChanges {
  // An undefined value means "not part of this edit", never "clear the field".
  const entries: [string, unknown][] = Object.entries(changes);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/**
 * Applies an edit per spec 000 §4 "Editor tab transitions": edits to the active tab go to the unsaved
 * buffer with `updatedAt` set (not for selection or caret moves); edits to other tabs apply directly.
 * An edit that changes nothing leaves the state untouched.
 */
export function applyEdit(state: EditorsState, id: string, rawChanges: EditorChanges, now: number): void {
  const editor = state.queryEditors.find((qe) => qe.id === id);
  if (!editor) return;
  const changes = definedOnly(rawChanges);
  const keys = Object.keys(changes) as (keyof EditorChanges)[];
  const silent = keys.every((key) => SILENT_FIELDS.has(key));
  if (activeEditorId(state) !== id) {
    Object.assign(editor, changes, silent ? {} : { updatedAt: now });
    return;
  }
  if (state.unsavedQueryEditor.id !== undefined && state.unsavedQueryEditor.id !== id) flushUnsaved(state);
  const current = withUnsavedEdits(editor, state.unsavedQueryEditor);
  if (keys.every((key) => jsonEqual(current[key], changes[key]))) return;
  const previous = state.unsavedQueryEditor.id === id ? state.unsavedQueryEditor : {};
  state.unsavedQueryEditor = { ...previous, ...changes, id, ...(silent ? {} : { updatedAt: now }) };
}
