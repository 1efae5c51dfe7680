import { describe, expect, it } from 'vitest';
import { clampWidth, pdfPageHeight, renderBaseUrl } from './renderer';

const render = {
  chromiumPath: '/usr/bin/chromium',
  baseUrl: null,
  concurrency: 2,
  recycleAfter: 100,
  maxRssMb: 1536,
  timeoutSeconds: 120,
};

describe('renderer settings', () => {
  it('clamps widths to the custom_width range, defaulting when unset', () => {
    expect(clampWidth(null)).toBe(1600);
    expect(clampWidth(undefined)).toBe(1600);
    expect(clampWidth(100)).toBe(600);
    expect(clampWidth(5000)).toBe(2400);
    expect(clampWidth(1024.4)).toBe(1024);
    expect(clampWidth(Number.NaN)).toBe(1600);
  });

  it('reaches the app on its listen address, a wildcard one as loopback, or the setting', () => {
    expect(renderBaseUrl({ host: '0.0.0.0', port: 8088, render })).toBe('http://127.0.0.1:8088');
    expect(renderBaseUrl({ host: '::', port: 8088, render })).toBe('http://127.0.0.1:8088');
    expect(renderBaseUrl({ host: '::1', port: 9000, render })).toBe('http://[::1]:9000');
    expect(renderBaseUrl({ host: '10.0.0.2', port: 80, render })).toBe('http://10.0.0.2:80');
    expect(
      renderBaseUrl({
        host: '127.0.0.1',
        port: 8088,
        render: { ...render, baseUrl: 'https://bi.example.com/' },
      }),
    ).toBe('https://bi.example.com');
  });

  it('keeps A4-landscape pages unless a block is taller, then grows every page to hold it', () => {
    expect(pdfPageHeight(1200, 300)).toBe(Math.round((1200 * 210) / 297));
    const tall = pdfPageHeight(1200, 1500);
    expect(tall).toBeGreaterThanOrEqual(1500 + 2 * 24);
    expect(pdfPageHeight(1200, Number.NaN)).toBe(Math.round((1200 * 210) / 297));
  });
});
