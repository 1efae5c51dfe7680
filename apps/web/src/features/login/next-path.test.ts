import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

const fallback = '/databaseview/list/';

describe('safeNextPath', () => {
  it('keeps a path inside the app', () => {
    expect(safeNextPath('/users/list/?q=1', fallback)).toBe('/users/list/?q=1');
  });

  it('falls back when there is no next', () => {
    expect(safeNextPath(null, fallback)).toBe(fallback);
    expect(safeNextPath('', fallback)).toBe(fallback);
  });

  it('refuses links that leave the site or loop back to login', () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'evil.example/x',
      'javascript:alert(1)',
      '/login/',
    ]) {
      expect(safeNextPath(next, fallback)).toBe(fallback);
    }
  });
});
