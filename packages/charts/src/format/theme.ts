/** Palette tokens charts draw text, axes and grid lines with, per app theme. */
export interface ChartThemeTokens {
  text: string;
  textSecondary: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  tooltipText: string;
  background: string;
  positive: string;
  negative: string;
  neutral: string;
}

const LIGHT: ChartThemeTokens = {
  text: '#1f1f1f',
  textSecondary: '#595959',
  axisLine: '#bfbfbf',
  splitLine: '#ececec',
  tooltipBackground: '#ffffff',
  tooltipText: '#1f1f1f',
  background: 'transparent',
  positive: '#3ba272',
  negative: '#e04355',
  neutral: '#8c8c8c',
};

const DARK: ChartThemeTokens = {
  text: '#e8e8e8',
  textSecondary: '#a6a6a6',
  axisLine: '#595959',
  splitLine: '#303030',
  tooltipBackground: '#1f1f1f',
  tooltipText: '#e8e8e8',
  background: 'transparent',
  positive: '#5ac189',
  negative: '#ef6f7f',
  neutral: '#8c8c8c',
};

export function themeTokens(theme: 'light' | 'dark'): ChartThemeTokens {
  return theme === 'dark' ? DARK : LIGHT;
}
