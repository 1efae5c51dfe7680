import { describe, expect, it } from 'vitest';
import {
  chartCodePreloads,
  dashboardPageRef,
  fetchPreloadLinks,
  missingPreloadSources,
  modulePreloadLinks,
  parseWebManifest,
  routePreloads,
  type WebManifest,
} from './route-preloads';

const manifest: WebManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_antd-c.js': { file: 'assets/antd-c.js', imports: ['_react-b.js'] },
  '_style.css': { file: 'assets/style-d.css' },
  'src/app/shell/AppShell.tsx': { file: 'assets/AppShell-e.js', imports: ['_antd-c.js'] },
  'src/features/dashboards/page/DashboardPage.tsx': {
    file: 'assets/DashboardPage-f.js',
    imports: ['_antd-c.js', '_grid-g.js', '_style.css'],
  },
  '_grid-g.js': { file: 'assets/grid-g.js', imports: ['_antd-c.js'] },
  'src/features/dashboards/page/DashboardPermalinkPage.tsx': { file: 'assets/Permalink-h.js' },
  'src/features/explore/page/ExplorePage.tsx': { file: 'assets/Explore-i.js' },
  '../../packages/charts/src/plugins/pie/PieChart.tsx': {
    file: 'assets/PieChart-j.js',
    imports: ['_echarts-view-k.js', '_react-b.js'],
  },
  '_echarts-view-k.js': { file: 'assets/EChartsView-k.js' },
  '../../packages/charts/src/plugins/timeseries/TimeseriesChart.tsx': {
    file: 'assets/TimeseriesChart-l.js',
    imports: ['_echarts-view-k.js'],
  },
};

describe('missingPreloadSources', () => {
  it('names the linked pages the build folded into shared chunks', () => {
    expect(missingPreloadSources(manifest)).toEqual([]);
    const folded: WebManifest = { ...manifest };
    delete folded['src/features/dashboards/page/DashboardPage.tsx'];
    expect(missingPreloadSources(folded)).toEqual(['src/features/dashboards/page/DashboardPage.tsx']);
  });
});

describe('routePreloads', () => {
  it("lists the shell's and the dashboard page's JS, without the entry's or CSS", () => {
    expect(routePreloads(manifest, '/superset/dashboard/12/').sort()).toEqual([
      '/assets/AppShell-e.js',
      '/assets/DashboardPage-f.js',
      '/assets/antd-c.js',
      '/assets/grid-g.js',
    ]);
    expect(routePreloads(manifest, '/superset/dashboard/my-slug')).toContain('/assets/DashboardPage-f.js');
  });

  it('tells a permalink from a dashboard, and knows explore', () => {
    const permalink = routePreloads(manifest, '/superset/dashboard/p/abc123/');
    expect(permalink).toContain('/assets/Permalink-h.js');
    expect(permalink).not.toContain('/assets/DashboardPage-f.js');
    expect(routePreloads(manifest, '/explore/')).toContain('/assets/Explore-i.js');
  });

  it('preloads nothing for other paths or a manifest without the page', () => {
    expect(routePreloads(manifest, '/dashboard/list/')).toEqual([]);
    expect(routePreloads(manifest, '/superset/dashboard/1/extra/')).toEqual([]);
    expect(routePreloads({ 'index.html': { file: 'assets/i.js', isEntry: true } }, '/explore/')).toEqual([]);
  });

  it('parses only a manifest of the expected shape', () => {
    expect(parseWebManifest(JSON.stringify(manifest))).toEqual(manifest);
    expect(parseWebManifest('{"a": 1}')).toBeNull();
    expect(parseWebManifest('not json')).toBeNull();
  });

  it('writes crossorigin modulepreload links', () => {
    expect(modulePreloadLinks(['/assets/a.js', '/assets/b.js'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" crossorigin href="/assets/b.js">',
    );
  });

  it("reads the id or slug of a dashboard page's path, not a permalink's or a sub-path's", () => {
    expect(dashboardPageRef('/superset/dashboard/12/')).toBe('12');
    expect(dashboardPageRef('/superset/dashboard/world%20banks')).toBe('world banks');
    expect(dashboardPageRef('/superset/dashboard/p/abc/')).toBeNull();
    expect(dashboardPageRef('/superset/dashboard/12/extra/')).toBeNull();
    expect(dashboardPageRef('/superset/dashboard/%E0%A4%A/')).toBeNull();
    expect(dashboardPageRef('/explore/')).toBeNull();
  });

  it('writes crossorigin fetch preloads with the href escaped for its attribute', () => {
    expect(fetchPreloadLinks(['/api/v1/dashboard/1', '/x?a=1&b="2"'])).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/api/v1/dashboard/1">' +
        '<link rel="preload" as="fetch" crossorigin href="/x?a=1&amp;b=&quot;2&quot;">',
    );
  });
});

describe('chartCodePreloads', () => {
  it("lists each chart type's renderer once with what it imports, without the entry's", () => {
    const hrefs = chartCodePreloads(manifest, ['pie', 'echarts_timeseries_line', 'echarts_timeseries_bar']);
    expect(hrefs.sort()).toEqual([
      '/assets/EChartsView-k.js',
      '/assets/PieChart-j.js',
      '/assets/TimeseriesChart-l.js',
    ]);
  });

  it('adds nothing for an unknown viz type or a renderer missing from the build', () => {
    expect(chartCodePreloads(manifest, ['deck_arc', 'table'])).toEqual([]);
  });
});
