import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/session/session-slice';
import { parseJsonMetadata, toDashboardInfo } from './dashboard-info';

function user(patch: Partial<SessionUser>): SessionUser {
  return {
    id: 5,
    username: 'u',
    first_name: 'U',
    last_name: 'V',
    email: 'u@example.com',
    is_active: true,
    is_anonymous: false,
    roles: ['Gamma'],
    is_admin: false,
    permissions: [['can_write', 'Dashboard']],
    ...patch,
  };
}

describe('parseJsonMetadata', () => {
  it('falls back to {} for broken or unknown metadata', () => {
    expect(parseJsonMetadata('{not json')).toEqual({});
    expect(parseJsonMetadata('{"typo_key": 1}')).toEqual({});
    expect(parseJsonMetadata(null)).toEqual({});
    expect(parseJsonMetadata('{"color_scheme":"bnbColors"}')).toEqual({ color_scheme: 'bnbColors' });
  });
});

describe('toDashboardInfo permissions (spec 001 §6)', () => {
  const dashboard = { id: 1, owners: [{ id: 5, first_name: 'A', last_name: 'B' }] };
  it('owners with can_write Dashboard may edit', () => {
    expect(toDashboardInfo(dashboard, user({})).canEdit).toBe(true);
  });
  it('owners without can_write may not', () => {
    expect(toDashboardInfo(dashboard, user({ permissions: [] })).canEdit).toBe(false);
  });
  it('non-owners may not, admins may', () => {
    expect(toDashboardInfo(dashboard, user({ id: 9 })).canEdit).toBe(false);
    expect(toDashboardInfo(dashboard, user({ id: 9, roles: ['ADMIN'], permissions: [] })).canEdit).toBe(true);
  });
  it("'Save as' needs can_write Dashboard (or admin), not ownership", () => {
    expect(toDashboardInfo(dashboard, user({ id: 9 })).canSaveAs).toBe(true);
    expect(toDashboardInfo(dashboard, user({ permissions: [['can_read', 'Dashboard']] })).canSaveAs).toBe(
      false,
    );
    expect(toDashboardInfo(dashboard, user({ roles: ['Admin'], permissions: [] })).canSaveAs).toBe(true);
  });
  it('share actions follow can_share_dashboard and can_share_chart', () => {
    const viewer = user({ permissions: [['can_share_chart', 'Superset']] });
    expect(toDashboardInfo(dashboard, viewer).canShare).toBe(false);
    expect(toDashboardInfo(dashboard, viewer).canShareChart).toBe(true);
    const other = user({ permissions: [['can_share_dashboard', 'Superset']] });
    expect([
      toDashboardInfo(dashboard, other).canShare,
      toDashboardInfo(dashboard, other).canShareChart,
    ]).toEqual([true, false]);
  });
});
