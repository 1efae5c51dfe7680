/** What a keyboard shortcut does in SQL Lab. */
export type ShortcutAction =
  'run' | 'runStatement' | 'stop' | 'format' | 'newTab' | 'nextTab' | 'previousTab';

export interface Shortcut {
  action: ShortcutAction;
  /** CodeMirror key names ('Mod' is Cmd on macOS, Ctrl elsewhere). */
  keys: readonly string[];
  /** How the help popover writes the keys. */
  label: string;
  description: string;
}

/** SQL Lab's shortcuts (reference §2.7). Ctrl+T is kept by some browsers, so Ctrl+Q opens a tab too. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'run',
    keys: ['Mod-Enter', 'Ctrl-Enter', 'Ctrl-r', 'Alt-Enter'],
    label: 'Ctrl/Cmd + Enter, Ctrl + R, Alt + Enter',
    description: 'Run the query (only the selected text when there is a selection)',
  },
  {
    action: 'runStatement',
    keys: ['Mod-Shift-Enter', 'Ctrl-Shift-Enter'],
    label: 'Ctrl + Shift + Enter',
    description: 'Run the statement under the cursor',
  },
  { action: 'stop', keys: ['Ctrl-e'], label: 'Ctrl + E', description: 'Stop the running query' },
  {
    action: 'format',
    keys: ['Mod-Shift-f', 'Ctrl-Shift-f'],
    label: 'Ctrl + Shift + F',
    description: 'Format the SQL',
  },
  { action: 'newTab', keys: ['Ctrl-t', 'Ctrl-q'], label: 'Ctrl + T, Ctrl + Q', description: 'New tab' },
  { action: 'nextTab', keys: ['Ctrl-ArrowRight'], label: 'Ctrl + →', description: 'Next tab' },
  { action: 'previousTab', keys: ['Ctrl-ArrowLeft'], label: 'Ctrl + ←', description: 'Previous tab' },
];

interface KeyCombo {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

function parseKey(name: string, mac: boolean): KeyCombo {
  const parts = name.split('-');
  const key = parts.pop() ?? '';
  const has = (modifier: string) => parts.includes(modifier);
  return {
    key: key.toLowerCase(),
    ctrl: has('Ctrl') || (has('Mod') && !mac),
    meta: has('Cmd') || has('Meta') || (has('Mod') && mac),
    alt: has('Alt'),
    shift: has('Shift'),
  };
}

export type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

function matches(combo: KeyCombo, event: KeyEventLike): boolean {
  return (
    event.key.toLowerCase() === combo.key &&
    event.ctrlKey === combo.ctrl &&
    event.metaKey === combo.meta &&
    event.altKey === combo.alt &&
    event.shiftKey === combo.shift
  );
}

/** The action a key press triggers, if any. */
export function shortcutFor(event: KeyEventLike, mac: boolean): ShortcutAction | null {
  for (const shortcut of SHORTCUTS) {
    if (shortcut.keys.some((name) => matches(parseKey(name, mac), event))) return shortcut.action;
  }
  return null;
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}
