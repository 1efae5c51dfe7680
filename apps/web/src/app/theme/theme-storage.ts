import type { ThemeMode } from './theme-slice';

export const THEME_STORAGE_KEY = 'tessera.theme';

/** The stored explicit choice, or null. Storage may be unavailable (private modes, policies): that is no choice. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined): ThemeMode | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function saveTheme(storage: Pick<Storage, 'setItem'> | undefined, mode: ThemeMode): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not persisting is acceptable: the choice still holds for this page.
  }
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}
