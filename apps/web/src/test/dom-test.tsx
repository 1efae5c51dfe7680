import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import type { Bootstrap } from '@tessera/contracts';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { createAppStore, type AppStore } from '../app/store';
import { forgetCsrfToken } from '../shared/api/csrf-token';

/** jsdom lacks matchMedia, which antd's responsive helpers call. */
function installMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    // The MediaQueryList type still lists the deprecated listener methods, so the shim must have them.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    addListener: () => undefined,
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

/** jsdom lacks ResizeObserver (antd's Select, Table and Modal observe sizes) and getComputedStyle for pseudo-elements. */
function installLayoutShims(): void {
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe(): void {
        // Nothing is laid out in jsdom, so nothing ever resizes.
      }
      unobserve(): void {
        // See observe().
      }
      disconnect(): void {
        // See observe().
      }
    };
  }
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
}

/** Registers the per-test cleanup of a component test file (the web project runs without globals). */
export function setupDomTest(): void {
  installMatchMedia();
  installLayoutShims();
  // findBy*/waitFor give up after 1 s by default, which a busy CI machine can exceed (the first lazy
  // import of a modal in a worker took over 10 s at load 10); a wait still ends as soon as its condition
  // holds, so this is only a guard against hangs, under the 60 s test timeout.
  configure({ asyncUtilTimeout: 30_000 });
  beforeEach(() => {
    forgetCsrfToken();
    // SQL Lab keeps its tabs in local storage; each test starts without them.
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    // Unmounting SQL Lab writes its state once more.
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });
}

export const TEST_BOOTSTRAP: Bootstrap = {
  user: {
    id: 1,
    username: 'admin',
    first_name: 'Ada',
    last_name: 'Min',
    email: 'admin@example.com',
    is_active: true,
    is_anonymous: false,
    roles: ['Admin'],
    is_admin: true,
    permissions: [],
  },
  common: { conf: { SUPERSET_WEBSERVER_TIMEOUT: 5 }, feature_flags: {}, version: 'test' },
};

/** Gamma's pairs as the server seeds them (apps/server/src/modules/security/permissions.ts). */
export const GAMMA_PERMISSIONS: [string, string][] = [
  ['can_read', 'Database'],
  ['can_read', 'Dataset'],
  ['can_read', 'Chart'],
  ['can_write', 'Chart'],
  ['can_read', 'Dashboard'],
  ['can_write', 'Dashboard'],
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_read', 'Explore'],
  ['can_read', 'Tag'],
  ['can_write', 'Tag'],
];

/** sql_lab's pairs as the server seeds them. */
export const SQL_LAB_PERMISSIONS: [string, string][] = [
  ['can_read', 'Database'],
  ['can_read', 'SQLLab'],
  ['can_write', 'SQLLab'],
  ['can_read', 'TabStateView'],
  ['can_write', 'TabStateView'],
  ['can_read', 'SavedQuery'],
  ['can_write', 'SavedQuery'],
  ['can_read', 'Tag'],
  ['can_write', 'Tag'],
  ['can_read', 'Query'],
  ['can_sqllab', 'Superset'],
];

/** A bootstrap for a non-admin user holding exactly these pairs. */
export function bootstrapWith(roles: string[], permissions: [string, string][]): Bootstrap {
  return {
    ...TEST_BOOTSTRAP,
    user: {
      id: 9,
      username: 'gus',
      first_name: 'Gus',
      last_name: 'Gamma',
      email: 'gus@example.com',
      is_active: true,
      is_anonymous: false,
      roles,
      is_admin: false,
      permissions,
    },
  };
}

export function renderWithStore(
  ui: ReactElement,
  bootstrap: Bootstrap = TEST_BOOTSTRAP,
): RenderResult & { store: AppStore } {
  const store = createAppStore({ bootstrap, theme: { mode: 'light', source: 'user' } });
  const result = render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers the app's fetch calls in place of the server (the real one is exercised by the e2e suite). */
export function stubFetch(handler: FetchHandler): Mock<FetchHandler> {
  const mock = vi.fn<FetchHandler>(handler);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(mock(url, init ?? {}));
  });
  return mock;
}

/** The JSON body a stubbed fetch call sent, or undefined when it sent none. */
export function sentJson(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** The element with the given data-test attribute; fails the test when there is none. */
export function byDataTest(id: string): HTMLElement {
  const element = document.querySelector(`[data-test="${id}"]`);
  if (!(element instanceof HTMLElement)) throw new Error(`no element with data-test="${id}"`);
  return element;
}
