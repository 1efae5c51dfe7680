import { describe, expect, it } from 'vitest';
import {
  canReadDatasetOf,
  canUseDatabase,
  canUseSchema,
  canUseWholeDatabase,
  grantedSchemas,
} from './grants';
import { pairKey, type PermissionPair } from './permissions';
import type { Principal } from './principal';

function principalWith(pairs: PermissionPair[], userId = 5): Principal {
  const granted = new Set(pairs.map(([permission, view]) => pairKey(permission, view)));
  return {
    user: {
      id: userId,
      username: 'u',
      first_name: 'U',
      last_name: 'U',
      email: 'u@example.com',
      password_hash: '',
      active: 1,
      created_on: '',
      changed_on: '',
      last_login: null,
      login_count: 0,
      fail_login_count: 0,
    },
    roles: ['custom'],
    pairs,
    isAdmin: false,
    via: 'bearer',
    sessionId: null,
    can: (permission, view) => granted.has(pairKey(permission, view)),
  };
}

const SALES_DB = { id: 3, database_name: 'sales' };
const ORDERS = { id: 11, table_name: 'orders', schema: 'public' };

describe('grants', () => {
  it('gives the whole database with database_access on it, and not on a namesake with another id', () => {
    const principal = principalWith([['database_access', '[sales].(id:3)']]);
    expect(canUseWholeDatabase(principal, SALES_DB)).toBe(true);
    expect(canUseWholeDatabase(principal, { id: 4, database_name: 'sales' })).toBe(false);
    expect(canUseSchema(principal, SALES_DB, null)).toBe(true);
  });

  it('limits schema_access to its schemas and never to the unnamed default', () => {
    const principal = principalWith([
      ['schema_access', '[sales].[public]'],
      ['schema_access', '[sales2].[hr]'],
    ]);
    expect([...grantedSchemas(principal, SALES_DB)]).toEqual(['public']);
    expect(canUseDatabase(principal, SALES_DB)).toBe(true);
    expect(canUseWholeDatabase(principal, SALES_DB)).toBe(false);
    expect(canUseSchema(principal, SALES_DB, 'public')).toBe(true);
    expect(canUseSchema(principal, SALES_DB, 'hr')).toBe(false);
    expect(canUseSchema(principal, SALES_DB, null)).toBe(false);
  });

  it('reads a dataset by datasource_access, schema, database, all_datasource_access or ownership', () => {
    expect(canReadDatasetOf(principalWith([]), SALES_DB, ORDERS, [])).toBe(false);
    expect(canReadDatasetOf(principalWith([]), SALES_DB, ORDERS, [5])).toBe(true);
    expect(
      canReadDatasetOf(
        principalWith([['datasource_access', '[sales].[orders](id:11)']]),
        SALES_DB,
        ORDERS,
        [],
      ),
    ).toBe(true);
    expect(
      canReadDatasetOf(
        principalWith([['datasource_access', '[sales].[orders](id:12)']]),
        SALES_DB,
        ORDERS,
        [],
      ),
    ).toBe(false);
    expect(
      canReadDatasetOf(principalWith([['schema_access', '[sales].[public]']]), SALES_DB, ORDERS, []),
    ).toBe(true);
    expect(
      canReadDatasetOf(
        principalWith([['all_datasource_access', 'all_datasource_access']]),
        SALES_DB,
        ORDERS,
        [],
      ),
    ).toBe(true);
  });
});
