import type { User } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { emptyUserForm, toUserCreate, toUserUpdate, userFormFrom } from './user-form';

const alice: User = {
  id: 2,
  username: 'alice',
  first_name: 'Alice',
  last_name: 'Liddell',
  email: 'alice@example.com',
  active: true,
  roles: [
    { id: 3, name: 'Gamma' },
    { id: 4, name: 'sql_lab' },
  ],
  created_on: '2025-01-01T00:00:00',
  changed_on: '2025-01-01T00:00:00',
  last_login: null,
  login_count: 0,
};

describe('toUserCreate', () => {
  it('requires a password and at least one role', () => {
    const result = toUserCreate({
      ...emptyUserForm(),
      username: 'bob',
      first_name: 'Bob',
      last_name: 'B',
      email: 'bob@example.com',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(['password', 'roles']);
  });

  it('builds a UserCreate', () => {
    const result = toUserCreate({
      ...emptyUserForm(),
      username: 'bob',
      first_name: 'Bob',
      last_name: 'B',
      email: 'bob@example.com',
      password: 'long-enough',
      roles: [3],
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        username: 'bob',
        first_name: 'Bob',
        last_name: 'B',
        email: 'bob@example.com',
        password: 'long-enough',
        active: true,
        roles: [3],
      },
    });
  });
});

describe('toUserUpdate', () => {
  it('sends only what changed and never a blank password', () => {
    const result = toUserUpdate({ ...userFormFrom(alice), first_name: 'Alicia', roles: [4, 3] }, alice);
    expect(result).toEqual({ ok: true, payload: { first_name: 'Alicia', active: true } });
  });

  it('always sends active, so editing an inactive user does not reactivate them', () => {
    const inactive = { ...alice, active: false };
    const result = toUserUpdate({ ...userFormFrom(inactive), last_name: 'L' }, inactive);
    expect(result).toEqual({ ok: true, payload: { last_name: 'L', active: false } });
  });

  it('sends a new password, roles and the active flag when changed', () => {
    const result = toUserUpdate(
      { ...userFormFrom(alice), password: 'new-password', roles: [1], active: false },
      alice,
    );
    expect(result).toEqual({ ok: true, payload: { password: 'new-password', roles: [1], active: false } });
  });

  it('refuses a short new password', () => {
    expect(toUserUpdate({ ...userFormFrom(alice), password: 'short' }, alice).ok).toBe(false);
  });
});
