import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { byDataTest, renderWithStore, setupDomTest } from '../../test/dom-test';
import { NotFoundPage } from '../NotFoundPage';
import { AddMenu } from './AddMenu';

setupDomTest();

function Where() {
  const location = useLocation();
  return <output data-test="where">{`${location.pathname}${location.search}`}</output>;
}

describe('AddMenu', () => {
  it.each([
    ['sql', '/sqllab/'],
    ['chart', '/chart/add/'],
    ['dataset', '/tablemodelview/list/?add=1'],
    ['database', '/databaseview/list/?add=1'],
  ])('+ %s goes to %s', async (key, path) => {
    renderWithStore(
      <>
        <AddMenu />
        <Where />
      </>,
    );
    fireEvent.click(byDataTest('add-menu'));
    fireEvent.click(
      await screen.findByText((_text, element) => element?.getAttribute('data-test') === `add-menu-${key}`),
    );
    expect(byDataTest('where').textContent).toBe(path);
  });

  it('offers no dashboard while dashboards do not exist', async () => {
    renderWithStore(<AddMenu />);
    fireEvent.click(byDataTest('add-menu'));
    await screen.findByText('SQL query');
    expect(screen.queryByText('Dashboard')).toBeNull();
  });
});

describe('NotFoundPage', () => {
  it('links back to the home route', () => {
    renderWithStore(<NotFoundPage />);
    expect(byDataTest('not-found-home').getAttribute('href')).toBe('/');
  });
});
