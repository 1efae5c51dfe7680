import { describe, expect, it } from 'vitest';
import {
  GAMMA_PERMISSIONS,
  SQL_LAB_PERMISSIONS,
  bootstrapWith,
  renderWithStore,
  setupDomTest,
} from '../../test/dom-test';
import { AppShell } from './AppShell';

setupDomTest();

const navKeys = (): (string | null)[] =>
  [...document.querySelectorAll('[data-test^="nav-"]')].map((link) => link.getAttribute('data-test'));

describe('AppShell menu', () => {
  it('shows an admin every screen', () => {
    renderWithStore(<AppShell />);
    expect(navKeys()).toEqual([
      'nav-sqllab',
      'nav-queryhistory',
      'nav-savedqueries',
      'nav-dashboards',
      'nav-charts',
      'nav-datasets',
      'nav-databases',
      'nav-users',
      'nav-roles',
    ]);
  });

  it('shows Gamma only the screens Gamma can open: no SQL Lab, queries or databases', () => {
    renderWithStore(<AppShell />, bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    expect(navKeys()).toEqual(['nav-dashboards', 'nav-charts', 'nav-datasets']);
  });

  it('adds the SQL Lab screens for a Gamma user who also holds sql_lab', () => {
    renderWithStore(
      <AppShell />,
      bootstrapWith(['Gamma', 'sql_lab'], [...GAMMA_PERMISSIONS, ...SQL_LAB_PERMISSIONS]),
    );
    expect(navKeys()).toEqual([
      'nav-sqllab',
      'nav-queryhistory',
      'nav-savedqueries',
      'nav-dashboards',
      'nav-charts',
      'nav-datasets',
    ]);
  });
});
