import { describe, expect, it } from 'vitest';
import { GAMMA_PERMISSIONS, SQL_LAB_PERMISSIONS, TEST_BOOTSTRAP, bootstrapWith } from '../test/dom-test';
import { homePathFor } from './home-path';

describe('homePathFor', () => {
  it('lands every signed-in user on the home page, whatever their role', () => {
    expect(homePathFor(TEST_BOOTSTRAP.user)).toBe('/superset/welcome/');
    expect(homePathFor(bootstrapWith(['Gamma'], GAMMA_PERMISSIONS).user)).toBe('/superset/welcome/');
    expect(homePathFor(bootstrapWith(['sql_lab'], SQL_LAB_PERMISSIONS).user)).toBe('/superset/welcome/');
    expect(homePathFor(bootstrapWith(['Public'], []).user)).toBe('/superset/welcome/');
  });

  it('sends nobody signed in to the login page', () => {
    expect(homePathFor(null)).toBe('/login/');
  });
});
