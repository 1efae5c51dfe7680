import { ConfigProvider, theme } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { systemThemeChanged } from './theme-slice';
import { DARK_QUERY } from './theme-storage';

/** antd's ConfigProvider with the light or dark algorithm; follows the OS setting until the user picks one. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  const hostTokens = useAppSelector((state) => state.theme.hostTokens?.[state.theme.mode]);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) =>
      dispatch(systemThemeChanged(event.matches ? 'dark' : 'light'));
    query.addEventListener('change', onChange);
    return () => {
      query.removeEventListener('change', onChange);
    };
  }, [dispatch]);

  useEffect(() => {
    // Native scrollbars and form controls follow the theme too.
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        ...(hostTokens === undefined ? {} : { token: hostTokens }),
      }}
    >
      <PageBackground />
      {children}
    </ConfigProvider>
  );
}

/**
 * Gives the document body the theme's background, text colour and font, so plain elements match the
 * antd ones and no light edge shows around dark pages.
 */
function PageBackground() {
  const { token } = theme.useToken();
  useEffect(() => {
    const { style } = document.body;
    style.backgroundColor = token.colorBgLayout;
    style.color = token.colorText;
    style.fontFamily = token.fontFamily;
    style.fontSize = `${token.fontSize}px`;
    style.lineHeight = String(token.lineHeight);
    style.margin = '0';
  }, [token.colorBgLayout, token.colorText, token.fontFamily, token.fontSize, token.lineHeight]);
  return null;
}
