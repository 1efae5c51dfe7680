import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';

export interface ThemeState {
  mode: ThemeMode;
  /** 'system' follows the OS preference as it changes; 'user' is an explicit choice that sticks. */
  source: 'system' | 'user';
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
  },
});

export const { themeToggled, systemThemeChanged } = themeSlice.actions;
