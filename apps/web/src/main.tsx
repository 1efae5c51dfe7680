import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadBootstrap, readEmbeddedBootstrap } from './app/bootstrap';
import { preloadRoute } from './app/preload-route';
import { createAppStore } from './app/store';
import { EMBEDDED_PAGE_PREFIX } from '@tessera/contracts';
import { captureHostHandshake } from './shared/embedded/host-handshake';
import { initialThemeState } from './app/theme/theme-slice';
import { prefersDark, readStoredTheme } from './app/theme/theme-storage';

/** The longest the first render waits for the route's code (a slow network shows the loading state). */
const FIRST_RENDER_WAIT_MS = 1000;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

// Before anything else: the embedded SDK's handshake may arrive before the embedded page's code.
if (window.location.pathname.startsWith(EMBEDDED_PAGE_PREFIX)) captureHostHandshake();
const bootstrap = readEmbeddedBootstrap(document);
// Before React renders: the shell and the page download while the entry's code starts up.
const routeCode = preloadRoute(window.location.pathname, (bootstrap?.user ?? null) !== null);
const store = createAppStore({
  bootstrap,
  theme: initialThemeState(readStoredTheme(storage()), prefersDark()),
  storage: storage(),
});
if (bootstrap === null) void loadBootstrap(store.dispatch);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const render = () => {
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
};
// The first render waits (briefly) for the shell's and the page's code: rendered before it has arrived,
// each would show its loading fallback, and React then holds back the real content for up to 300 ms.
let rendered = false;
const renderOnce = () => {
  if (rendered) return;
  rendered = true;
  render();
};
void routeCode.then(renderOnce);
setTimeout(renderOnce, FIRST_RENDER_WAIT_MS);
