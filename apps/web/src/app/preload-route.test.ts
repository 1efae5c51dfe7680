import { describe, expect, it, vi } from 'vitest';

const preloaded: string[] = [];
vi.mock('./lazy-pages', () => {
  const page = (name: string) => Object.assign(() => null, { preload: () => preloaded.push(name) });
  return {
    AppShell: page('AppShell'),
    DashboardPage: page('DashboardPage'),
    DashboardPermalinkPage: page('DashboardPermalinkPage'),
    ExplorePage: page('ExplorePage'),
  };
});

const { preloadRoute } = await import('./preload-route');

describe('preloadRoute', () => {
  it.each([
    ['/superset/dashboard/12/', ['AppShell', 'DashboardPage']],
    ['/superset/dashboard/p/abc/', ['AppShell', 'DashboardPermalinkPage']],
    ['/explore/', ['AppShell', 'ExplorePage']],
    ['/dashboard/list/', ['AppShell']],
  ])('%s downloads %j', (pathname, expected) => {
    preloaded.length = 0;
    void preloadRoute(pathname, true);
    expect(preloaded).toEqual(expected);
  });

  it('downloads nothing for the login page or a signed-out visitor', () => {
    preloaded.length = 0;
    void preloadRoute('/login/', true);
    void preloadRoute('/superset/dashboard/12/', false);
    expect(preloaded).toEqual([]);
  });
});
