import { describe, expect, it } from 'vitest';
import { GAMMA_PERMISSIONS, SQL_LAB_PERMISSIONS, TEST_BOOTSTRAP, bootstrapWith } from '../../test/dom-test';
import { can, canUseDatabaseList, canUseSqlLab } from './permissions';

const admin = TEST_BOOTSTRAP.user;
const gamma = bootstrapWith(['Gamma'], GAMMA_PERMISSIONS).user;
const analyst = bootstrapWith(['Gamma', 'sql_lab'], [...GAMMA_PERMISSIONS, ...SQL_LAB_PERMISSIONS]).user;

describe('permissions', () => {
  it('grants a pair the user holds, and every pair to admins', () => {
    expect(can(gamma, 'can_write', 'Chart')).toBe(true);
    expect(can(gamma, 'can_write', 'Dataset')).toBe(false);
    expect(can(admin, 'can_write', 'Database')).toBe(true);
    expect(can(null, 'can_read', 'Chart')).toBe(false);
  });

  it('opens SQL Lab to sql_lab holders and admins only', () => {
    expect(canUseSqlLab(gamma)).toBe(false);
    expect(canUseSqlLab(analyst)).toBe(true);
    expect(canUseSqlLab(admin)).toBe(true);
    const readsOnlyTabs = bootstrapWith(['x'], [['can_read', 'TabStateView']]).user;
    expect(canUseSqlLab(readsOnlyTabs)).toBe(false);
  });

  it('offers the Databases screen to those who reach or may add a database', () => {
    expect(canUseDatabaseList(gamma)).toBe(false);
    expect(canUseDatabaseList(admin)).toBe(true);
    const granted = bootstrapWith(
      ['Gamma', 'pg'],
      [...GAMMA_PERMISSIONS, ['database_access', '[pg].(id:2)']],
    ).user;
    expect(canUseDatabaseList(granted)).toBe(true);
    const alpha = bootstrapWith(
      ['Alpha'],
      [
        ['can_read', 'Database'],
        ['all_database_access', 'all_database_access'],
      ],
    ).user;
    expect(canUseDatabaseList(alpha)).toBe(true);
  });
});
