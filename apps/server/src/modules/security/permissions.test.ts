import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS, PERMISSION_CATALOGUE, isAdminRoleName, pairKey } from './permissions';

const keys = (role: string) =>
  new Set((BUILT_IN_ROLE_PERMISSIONS[role] ?? []).map(([p, v]) => pairKey(p, v)));

describe('roles and permissions', () => {
  it('treats any role named admin, in any letter case, as admin', () => {
    for (const name of ['Admin', 'admin', 'ADMIN', 'aDmIn']) expect(isAdminRoleName(name)).toBe(true);
    for (const name of ['Administrator', 'admins', 'Alpha', ' admin'])
      expect(isAdminRoleName(name)).toBe(false);
  });

  it('gives Admin the whole catalogue', () => {
    expect(keys('Admin').size).toBe(PERMISSION_CATALOGUE.length);
  });

  it('keeps user management and database writes for admins', () => {
    for (const role of ['Alpha', 'Gamma', 'sql_lab', 'Public']) {
      expect(keys(role).has('can_write|User')).toBe(false);
      expect(keys(role).has('can_read|User')).toBe(false);
      expect(keys(role).has('can_write|Database')).toBe(false);
    }
  });

  it('grants SQL Lab to Alpha and sql_lab but not to Gamma or Public', () => {
    expect(keys('Alpha').has('can_write|SQLLab')).toBe(true);
    expect(keys('sql_lab').has('can_write|SQLLab')).toBe(true);
    expect(keys('Gamma').has('can_write|SQLLab')).toBe(false);
    expect(keys('Public').size).toBe(0);
  });

  it('lets Gamma read, explore, share and download but not reach every database', () => {
    for (const pair of [
      'can_read|Chart',
      'can_explore|Superset',
      'can_csv|Superset',
      'can_share_chart|Superset',
    ]) {
      expect(keys('Gamma').has(pair)).toBe(true);
    }
    expect(keys('Gamma').has('all_database_access|all_database_access')).toBe(false);
  });

  it('lets Alpha and Gamma write charts and dashboards and keep Explore state, but not sql_lab', () => {
    for (const role of ['Alpha', 'Gamma']) {
      for (const pair of [
        'can_write|Chart',
        'can_write|Dashboard',
        'can_read|Explore',
        'can_write|ExploreFormDataRestApi',
        'can_write|ExplorePermalinkRestApi',
      ]) {
        expect(keys(role).has(pair)).toBe(true);
      }
    }
    expect(keys('sql_lab').has('can_write|Chart')).toBe(false);
    expect(keys('sql_lab').has('can_read|Explore')).toBe(false);
  });
});
