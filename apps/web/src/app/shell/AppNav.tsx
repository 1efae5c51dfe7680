import { theme } from 'antd';
import type { GlobalToken } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';

export interface NavLink {
  key: string;
  label: string;
  path: string;
}

const navCss = (token: GlobalToken): string => `
.tessera-nav{display:flex;align-self:stretch;flex:1;min-width:0;overflow-x:auto;scrollbar-width:none}
.tessera-nav a{display:flex;align-items:center;padding:0 ${String(token.paddingSM)}px;color:${token.colorText};
  border-bottom:2px solid transparent;white-space:nowrap;transition:color ${token.motionDurationMid},border-color ${token.motionDurationMid}}
.tessera-nav a:hover{color:${token.colorPrimary}}
.tessera-nav a[aria-current="page"]{color:${token.colorPrimary};border-bottom-color:${token.colorPrimary}}
.tessera-nav a:focus-visible{outline:2px solid ${token.colorPrimaryBorder};outline-offset:-2px}`;

/**
 * The top bar's screen links, the current one underlined. Plain links and one small style sheet: antd's
 * horizontal Menu (overflow measuring, motion, ~60 KB of generated CSS) cost every page's first render
 * more main-thread time than the rest of the bar. Too narrow a window scrolls the links sideways.
 */
export function AppNav({ links, activeKey }: { links: readonly NavLink[]; activeKey: string | null }) {
  const { token } = theme.useToken();
  const css = useMemo(() => navCss(token), [token]);
  return (
    <nav className="tessera-nav" aria-label="Main">
      <style>{css}</style>
      {links.map((link) => (
        <Link
          key={link.key}
          data-test={`nav-${link.key}`}
          to={link.path}
          aria-current={link.key === activeKey ? 'page' : undefined}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
