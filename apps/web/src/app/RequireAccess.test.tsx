import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { canUseSqlLab } from '../shared/session/permissions';
import {
  GAMMA_PERMISSIONS,
  SQL_LAB_PERMISSIONS,
  bootstrapWith,
  byDataTest,
  renderWithStore,
  setupDomTest,
} from '../test/dom-test';
import { RequireAccess } from './RequireAccess';

setupDomTest();

function routes() {
  return (
    <Routes>
      <Route element={<RequireAccess screen="SQL Lab" allowed={canUseSqlLab} />}>
        <Route index element={<p>the editor</p>} />
      </Route>
    </Routes>
  );
}

describe('RequireAccess', () => {
  it('shows a user without SQL Lab one no-access page instead of the screen', () => {
    renderWithStore(routes(), bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    expect(screen.getByText("You don't have access to SQL Lab")).toBeTruthy();
    expect(screen.queryByText('the editor')).toBeNull();
    expect(byDataTest('no-access-home').getAttribute('href')).toBe('/');
  });

  it('opens the screen for a user who may use it', () => {
    renderWithStore(routes(), bootstrapWith(['sql_lab'], SQL_LAB_PERMISSIONS));
    expect(screen.getByText('the editor')).toBeTruthy();
    expect(document.querySelector('[data-test="no-access"]')).toBeNull();
  });
});
