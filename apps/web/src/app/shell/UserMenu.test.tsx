import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORTS_BOOTSTRAP } from '../../features/reports/test-fixtures';
import {
  bootstrapWith,
  byDataTest,
  GAMMA_PERMISSIONS,
  renderWithStore,
  setupDomTest,
  TEST_BOOTSTRAP,
} from '../../test/dom-test';
import { UserMenu } from './UserMenu';

setupDomTest();

describe('UserMenu', () => {
  it("offers Alerts & reports with ALERT_REPORTS on, as Superset's Settings › Manage", async () => {
    const user = REPORTS_BOOTSTRAP.user;
    if (user === null) throw new Error('the test bootstrap has a user');
    renderWithStore(<UserMenu user={user} />, REPORTS_BOOTSTRAP);
    fireEvent.click(byDataTest('user-menu'));
    expect(await screen.findByText('Alerts & reports')).toBeTruthy();
  });

  it('hides it while the flag is off', async () => {
    const user = TEST_BOOTSTRAP.user;
    if (user === null) throw new Error('the test bootstrap has a user');
    renderWithStore(<UserMenu user={user} />, TEST_BOOTSTRAP);
    fireEvent.click(byDataTest('user-menu'));
    await screen.findByText('Profile');
    expect(screen.queryByText('Alerts & reports')).toBeNull();
  });

  it('hides it from a user without can_read ReportSchedule', async () => {
    const bootstrap = { ...bootstrapWith(['Gamma'], GAMMA_PERMISSIONS), common: REPORTS_BOOTSTRAP.common };
    const user = bootstrap.user;
    if (user === null) throw new Error('the test bootstrap has a user');
    renderWithStore(<UserMenu user={user} />, bootstrap);
    fireEvent.click(byDataTest('user-menu'));
    await screen.findByText('Profile');
    expect(screen.queryByText('Alerts & reports')).toBeNull();
  });
});
