import { describe, expect, it } from 'vitest';
import { TEST_BOOTSTRAP } from '../test/dom-test';
import { homePathFor } from './home-path';

const admin = TEST_BOOTSTRAP.user;
if (admin === null) throw new Error('the test bootstrap has a user');
const plain = { ...admin, is_admin: false, roles: ['sql_lab'], permissions: [] };

describe('homePathFor', () => {
  it('lands admins and chart readers on the Charts list', () => {
    expect(homePathFor(admin)).toBe('/chart/list/');
    expect(homePathFor({ ...plain, permissions: [['can_read', 'Chart']] })).toBe('/chart/list/');
  });

  it('lands users who cannot read charts in SQL Lab', () => {
    expect(homePathFor(plain)).toBe('/sqllab/');
    expect(
      homePathFor({
        ...plain,
        permissions: [
          ['can_write', 'Chart'],
          ['can_read', 'Dataset'],
        ],
      }),
    ).toBe('/sqllab/');
  });
});
