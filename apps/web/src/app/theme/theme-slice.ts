import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';

/** antd design tokens (colorPrimary, borderRadius, …) an embedding host sets over the theme's own. */
export type ThemeTokens = Record<string, string | number | boolean>;

export interface ThemeState {
  mode: ThemeMode;
  /** 'system' follows the OS preference as it changes; 'user' is an explicit choice that sticks. */
  source: 'system' | 'user';
  /** The embedding host's tokens per mode (the SDK's setThemeConfig); absent outside /embedded/. */
  hostTokens?: Partial<Record<ThemeMode, ThemeTokens>>;
}

export function initialThemeState(stored: ThemeMode | null, prefersDark: boolean): ThemeState {
  if (stored !== null) return { mode: stored, source: 'user' };
  return { mode: prefersDark ? 'dark' : 'light', source: 'system' };
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: initialThemeState(null, false),
  reducers: {
    themeToggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
      state.source = 'user';
    },
    systemThemeChanged(state, action: PayloadAction<ThemeMode>) {
      if (state.source === 'system') state.mode = action.payload;
    },
    /** An embedding host's tokens for each mode; each call replaces the previous ones. */
    hostTokensSet(state, action: PayloadAction<Partial<Record<ThemeMode, ThemeTokens>>>) {
      state.hostTokens = action.payload;
    },
    /** A mode set from outside the page (an embedding host): a mode, or the OS preference from now on. */
    themeModeSet(state, action: PayloadAction<{ mode: ThemeMode } | { system: ThemeMode }>) {
      if ('mode' in action.payload) {
        state.mode = action.payload.mode;
        state.source = 'user';
      } else {
        state.mode = action.payload.system;
        state.source = 'system';
      }
    },
  },
});

export const { themeToggled, systemThemeChanged, themeModeSet, hostTokensSet } = themeSlice.actions;
