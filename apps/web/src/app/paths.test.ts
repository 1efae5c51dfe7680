import { describe, expect, it } from 'vitest';
import { databaseBrowsePath, loginPathFor } from './paths';

describe('paths', () => {
  it('builds a login URL that returns to the current page', () => {
    expect(loginPathFor({ pathname: '/users/list/', search: '?a=1', hash: '#x' })).toBe(
      '/login/?next=%2Fusers%2Flist%2F%3Fa%3D1%23x',
    );
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login/');
  });

  it('builds the database browser path', () => {
    expect(databaseBrowsePath(7)).toBe('/databaseview/7/browse/');
  });
});
