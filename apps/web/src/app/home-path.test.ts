import { describe, expect, it } from 'vitest';
import { GAMMA_PERMISSIONS, SQL_LAB_PERMISSIONS, TEST_BOOTSTRAP, bootstrapWith } from '../test/dom-test';
import { homePathFor } from './home-path';

describe('homePathFor', () => {
  it('lands admins and chart readers (Gamma) on the Charts list', () => {
    expect(homePathFor(TEST_BOOTSTRAP.user)).toBe('/chart/list/');
    expect(homePathFor(bootstrapWith(['Gamma'], GAMMA_PERMISSIONS).user)).toBe('/chart/list/');
  });

  it('lands SQL Lab users who cannot read charts in SQL Lab', () => {
    expect(homePathFor(bootstrapWith(['sql_lab'], SQL_LAB_PERMISSIONS).user)).toBe('/sqllab/');
  });

  it('never lands a user on a screen they cannot use', () => {
    expect(homePathFor(bootstrapWith(['x'], [['can_read', 'Dataset']]).user)).toBe('/tablemodelview/list/');
    expect(homePathFor(bootstrapWith(['Public'], []).user)).toBe('/profile/');
  });
});
