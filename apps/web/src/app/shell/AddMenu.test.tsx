import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  GAMMA_PERMISSIONS,
  TEST_BOOTSTRAP,
  bootstrapWith,
  byDataTest,
  renderWithStore,
  setupDomTest,
} from '../../test/dom-test';
import { NotFoundPage } from '../NotFoundPage';
import { AddMenu } from './AddMenu';

setupDomTest();

const admin = TEST_BOOTSTRAP.user;
if (admin === null) throw new Error('the test bootstrap has a user');
const gamma = bootstrapWith(['Gamma'], GAMMA_PERMISSIONS).user;
if (gamma === null) throw new Error('the gamma bootstrap has a user');

function Where() {
  const location = useLocation();
  return <output data-test="where">{`${location.pathname}${location.search}`}</output>;
}

const itemKeys = (): (string | null)[] =>
  [...document.querySelectorAll('[data-test^="add-menu-"]')].map((item) => item.getAttribute('data-test'));

describe('AddMenu', () => {
  it.each([
    ['sql', '/sqllab/'],
    ['chart', '/chart/add/'],
    ['dashboard', '/dashboard/new/'],
    ['dataset', '/tablemodelview/list/?add=1'],
    ['database', '/databaseview/list/?add=1'],
  ])('+ %s goes to %s', async (key, path) => {
    renderWithStore(
      <>
        <AddMenu user={admin} />
        <Where />
      </>,
    );
    fireEvent.click(byDataTest('add-menu'));
    fireEvent.click(
      await screen.findByText((_text, element) => element?.getAttribute('data-test') === `add-menu-${key}`),
    );
    expect(byDataTest('where').textContent).toBe(path);
  });

  it('offers a dashboard only to users who may write dashboards', async () => {
    const chartWriter = bootstrapWith(
      ['writer'],
      [
        ['can_read', 'Chart'],
        ['can_write', 'Chart'],
        ['can_read', 'Dashboard'],
      ],
    );
    if (chartWriter.user === null) throw new Error('the writer bootstrap has a user');
    renderWithStore(<AddMenu user={chartWriter.user} />, chartWriter);
    fireEvent.click(byDataTest('add-menu'));
    await screen.findByText('Chart');
    expect(itemKeys()).toEqual(['add-menu-chart']);
  });

  it('offers Gamma only what Gamma may create: a chart and a dashboard, no SQL query, dataset or database', async () => {
    renderWithStore(<AddMenu user={gamma} />, bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    fireEvent.click(byDataTest('add-menu'));
    await screen.findByText('Chart');
    expect(itemKeys()).toEqual(['add-menu-chart', 'add-menu-dashboard']);
  });

  it('has no + at all for a user who may create nothing', () => {
    const reader = bootstrapWith(['reader'], [['can_read', 'Chart']]);
    if (reader.user === null) throw new Error('the reader bootstrap has a user');
    renderWithStore(<AddMenu user={reader.user} />, reader);
    expect(document.querySelector('[data-test="add-menu"]')).toBeNull();
  });
});

describe('NotFoundPage', () => {
  it('links back to the home route', () => {
    renderWithStore(<NotFoundPage />);
    expect(byDataTest('not-found-home').getAttribute('href')).toBe('/');
  });
});
