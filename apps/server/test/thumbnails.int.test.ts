import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { startTestServer, type TestServer } from './harness';
import { createUser } from './sqllab-support';
import { ensureWebBuild } from './web-build';

/**
 * Dashboard and chart thumbnails and screenshots through the report renderer (issue #14, server item 5;
 * reference §8.1): real app, Debian's Chromium, THUMBNAILS on.
 */

let server: TestServer;
let token = '';
let dashboardId = 0;
let chartId = 0;

const get = (url: string, as = token) => server.request('GET', url, { token: as });

/** Asks until the picture is there: 202 while it renders, then 200 (the render's own timeout ends it). */
async function untilReady(url: string, as = token) {
  for (;;) {
    const response = await get(url, as);
    if (response.statusCode !== 202) return response;
    expect(response.json()).toEqual({ message: 'OK' });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const isPng = (body: Buffer) => body.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';

beforeAll(async () => {
  const webDist = ensureWebBuild();
  const port = await freePort();
  server = await startTestServer('sqlite', {
    examples: true,
    configFile: { feature_flags: { THUMBNAILS: true } },
    env: { TESSERA_WEB_DIST: webDist, TESSERA_RENDER_BASE_URL: `http://127.0.0.1:${String(port)}` },
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  token = await server.token();
  const query = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
  const datasetId = (await get(`/api/v1/dataset/?q=${query}`)).json<{ result: { id: number }[] }>().result[0]
    ?.id;
  const chart = await server.request('POST', '/api/v1/chart/', {
    token,
    body: {
      slice_name: 'Thumb pie',
      viz_type: 'pie',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        viz_type: 'pie',
        datasource: `${String(datasetId)}__table`,
        metric: { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' },
        groupby: ['gender'],
      }),
    },
  });
  chartId = chart.json<{ id: number }>().id;
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-p'] },
    'CHART-p': { id: 'CHART-p', type: 'CHART', children: [], meta: { chartId, width: 6, height: 50 } },
  };
  const dashboard = await server.request('POST', '/api/v1/dashboard/', {
    token,
    body: { dashboard_title: 'Thumbnailed', position_json: JSON.stringify(position) },
  });
  dashboardId = dashboard.json<{ id: number }>().id;
});

afterAll(async () => {
  await server.close();
});

describe('thumbnails and screenshots', () => {
  it('redirects any digest to the current one, renders on first ask (202), then answers the PNG', async () => {
    const stale = await get(`/api/v1/dashboard/${String(dashboardId)}/thumbnail/0123/`);
    expect(stale.statusCode).toBe(302);
    const current = stale.headers.location;
    expect(current).toMatch(new RegExp(`^/api/v1/dashboard/${String(dashboardId)}/thumbnail/[0-9a-f]{32}/$`));
    const first = await get(String(current));
    expect(first.statusCode).toBe(202);
    const ready = await untilReady(String(current));
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers['content-type']).toBe('image/png');
    const png = ready.rawPayload;
    expect(isPng(png)).toBe(true);
    // The narrow thumbnail width.
    expect(png.readUInt32BE(16)).toBe(600);
    // Asked again: served from the cache at once.
    const again = await get(String(current));
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(png)).toBe(true);
  });

  it('caches a full-size dashboard screenshot on request and serves it at image_url', async () => {
    const asked = await server.request(
      'POST',
      `/api/v1/dashboard/${String(dashboardId)}/cache_dashboard_screenshot/`,
      {
        token,
      },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const { image_url: imageUrl, cache_key: cacheKey } = asked.json<{
      image_url: string;
      cache_key: string;
    }>();
    expect(imageUrl).toBe(`/api/v1/dashboard/${String(dashboardId)}/screenshot/${cacheKey}/`);
    const ready = await untilReady(imageUrl);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(isPng(ready.rawPayload)).toBe(true);
    expect(ready.rawPayload.readUInt32BE(16)).toBe(1600);
    // Another digest was never asked for: 404, not a render.
    expect(
      (await get(`/api/v1/dashboard/${String(dashboardId)}/screenshot/${'0'.repeat(32)}/`)).statusCode,
    ).toBe(404);
  });

  it('does the same for a chart, at its own URLs', async () => {
    const stale = await get(`/api/v1/chart/${String(chartId)}/thumbnail/x/`);
    expect(stale.statusCode).toBe(302);
    const ready = await untilReady(String(stale.headers.location));
    expect(ready.statusCode, ready.body).toBe(200);
    expect(isPng(ready.rawPayload)).toBe(true);
    const asked = await get(`/api/v1/chart/${String(chartId)}/cache_screenshot/`);
    expect(asked.statusCode).toBe(202);
    const screenshot = await untilReady(asked.json<{ image_url: string }>().image_url);
    expect(screenshot.statusCode).toBe(200);
    expect(isPng(screenshot.rawPayload)).toBe(true);
  });

  it('names the current thumbnail in list and show answers (thumbnail_url)', async () => {
    const dashboardThumb = String(
      (await get(`/api/v1/dashboard/${String(dashboardId)}/thumbnail/x/`)).headers.location,
    );
    const chartThumb = String((await get(`/api/v1/chart/${String(chartId)}/thumbnail/x/`)).headers.location);
    const show = await get(`/api/v1/dashboard/${String(dashboardId)}`);
    expect(show.json<{ result: { thumbnail_url: string } }>().result.thumbnail_url).toBe(dashboardThumb);
    const list = await get('/api/v1/dashboard/');
    const listed = list.json<{ result: { id: number; thumbnail_url: string }[] }>().result;
    expect(listed.find((item) => item.id === dashboardId)?.thumbnail_url).toBe(dashboardThumb);
    const charts = await get('/api/v1/chart/');
    const chartRows = charts.json<{ result: { id: number; thumbnail_url: string }[] }>().result;
    expect(chartRows.find((item) => item.id === chartId)?.thumbnail_url).toBe(chartThumb);
    expect(
      (await get(`/api/v1/chart/${String(chartId)}`)).json<{ result: { thumbnail_url: string } }>().result
        .thumbnail_url,
    ).toBe(chartThumb);
  });

  it('a changed dashboard gets a new digest; the old one redirects', async () => {
    const before = String(
      (await get(`/api/v1/dashboard/${String(dashboardId)}/thumbnail/x/`)).headers.location,
    );
    const changed = await server.request('PUT', `/api/v1/dashboard/${String(dashboardId)}`, {
      token,
      body: { css: '.x { color: red; }' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const old = await get(before);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).not.toBe(before);
  });

  it('answers 404 for unknown objects and for a user who may not read them', async () => {
    expect((await get('/api/v1/dashboard/999999/thumbnail/x/')).statusCode).toBe(404);
    expect((await get('/api/v1/chart/999999/thumbnail/x/')).statusCode).toBe(404);
    expect((await get('/api/v1/dashboard/abc/thumbnail/x/')).statusCode).toBe(404);
    expect(
      (await server.request('PUT', '/api/v1/dashboard/999999/cache_dashboard_screenshot/', { token }))
        .statusCode,
    ).toBe(404);
    const gamma = await createUser(server, token, 'thumb_gamma', 'Gamma');
    const current = String(
      (await get(`/api/v1/dashboard/${String(dashboardId)}/thumbnail/x/`)).headers.location,
    );
    expect((await get(current, gamma)).statusCode).toBe(404);
    expect((await get(`/api/v1/chart/${String(chartId)}/thumbnail/x/`, gamma)).statusCode).toBe(404);
  });
});

describe('without THUMBNAILS', () => {
  it('answers 404 on every picture route', async () => {
    const off = await startTestServer('sqlite');
    try {
      const offToken = await off.token();
      for (const [method, url] of [
        ['GET', '/api/v1/dashboard/1/thumbnail/x/'],
        ['GET', '/api/v1/dashboard/1/screenshot/x/'],
        ['POST', '/api/v1/dashboard/1/cache_dashboard_screenshot/'],
        ['GET', '/api/v1/chart/1/thumbnail/x/'],
        ['GET', '/api/v1/chart/1/cache_screenshot/'],
      ] as const) {
        expect((await off.request(method, url, { token: offToken })).statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
