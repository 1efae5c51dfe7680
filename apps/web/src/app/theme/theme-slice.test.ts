import { describe, expect, it } from 'vitest';
import { initialThemeState, systemThemeChanged, themeModeSet, themeSlice, themeToggled } from './theme-slice';
import { readStoredTheme, saveTheme, THEME_STORAGE_KEY } from './theme-storage';

const reduce = themeSlice.reducer;

describe('theme slice', () => {
  it('starts from the stored choice, else from the system preference', () => {
    expect(initialThemeState('dark', false)).toEqual({ mode: 'dark', source: 'user' });
    expect(initialThemeState(null, true)).toEqual({ mode: 'dark', source: 'system' });
    expect(initialThemeState(null, false)).toEqual({ mode: 'light', source: 'system' });
  });

  it('toggles between light and dark and remembers that the user chose', () => {
    const toggled = reduce({ mode: 'light', source: 'system' }, themeToggled());
    expect(toggled).toEqual({ mode: 'dark', source: 'user' });
    expect(reduce(toggled, themeToggled()).mode).toBe('light');
  });

  it('follows system changes only while the user has not chosen', () => {
    expect(reduce({ mode: 'light', source: 'system' }, systemThemeChanged('dark')).mode).toBe('dark');
    expect(reduce({ mode: 'light', source: 'user' }, systemThemeChanged('dark')).mode).toBe('light');
  });
});

describe('theme storage', () => {
  it("takes a host's mode, or goes back to following the system", () => {
    const set = reduce(initialThemeState(null, false), themeModeSet({ mode: 'dark' }));
    expect(set).toEqual({ mode: 'dark', source: 'user' });
    expect(reduce(set, systemThemeChanged('light')).mode).toBe('dark');
    const following = reduce(set, themeModeSet({ system: 'light' }));
    expect(following).toEqual({ mode: 'light', source: 'system' });
    expect(reduce(following, systemThemeChanged('dark')).mode).toBe('dark');
  });

  it('reads back what it saved and ignores anything else', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
    expect(readStoredTheme(storage)).toBeNull();
    saveTheme(storage, 'dark');
    expect(readStoredTheme(storage)).toBe('dark');
    items.set(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme(storage)).toBeNull();
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredTheme(broken)).toBeNull();
    expect(() => saveTheme(broken, 'light')).not.toThrow();
  });
});
