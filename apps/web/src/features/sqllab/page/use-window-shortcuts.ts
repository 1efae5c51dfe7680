import { useEffect, useRef } from 'react';
import { isMacPlatform, shortcutFor, type ShortcutAction } from '../editor/shortcuts';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
}

/**
 * SQL Lab's shortcuts while the focus is outside the editor (the editor's own key map handles them
 * inside it and marks the event handled). Text fields keep their keys.
 */
export function useWindowShortcuts(onCommand: (action: ShortcutAction) => void): void {
  const commandRef = useRef(onCommand);
  useEffect(() => {
    commandRef.current = onCommand;
  });
  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextField(event.target)) return;
      const action = shortcutFor(event, mac);
      if (action === null) return;
      event.preventDefault();
      commandRef.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
