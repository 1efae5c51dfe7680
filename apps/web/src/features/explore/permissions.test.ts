import { describe, expect, it } from 'vitest';
import { TEST_BOOTSTRAP } from '../../test/dom-test';
import { explorePermissions } from './permissions';

const admin = TEST_BOOTSTRAP.user;
if (admin === null) throw new Error('fixture');
const gamma = { ...admin, id: 7, roles: ['Gamma'], is_admin: false, permissions: [] as [string, string][] };

describe('explorePermissions', () => {
  it('gives admins everything on any chart', () => {
    expect(explorePermissions(admin, [42])).toEqual({
      can_add: true,
      can_download: true,
      can_overwrite: true,
    });
  });

  it('follows can_write on Chart, can_csv on Superset and ownership', () => {
    const writer = {
      ...gamma,
      permissions: [['can_write', 'Chart'] as [string, string], ['can_csv', 'Superset'] as [string, string]],
    };
    expect(explorePermissions(writer, [7])).toEqual({
      can_add: true,
      can_download: true,
      can_overwrite: true,
    });
    expect(explorePermissions(writer, [8])).toMatchObject({ can_overwrite: false });
    expect(explorePermissions(gamma, null)).toEqual({
      can_add: false,
      can_download: false,
      can_overwrite: false,
    });
    expect(explorePermissions(null, [7])).toEqual({
      can_add: false,
      can_download: false,
      can_overwrite: false,
    });
  });
});
