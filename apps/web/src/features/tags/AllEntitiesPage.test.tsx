import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
  TEST_BOOTSTRAP,
  type FetchHandler,
} from '../../test/dom-test';
import { AllEntities, TAG_NOT_FOUND } from './AllEntitiesPage';
import { NO_TAGGED_ENTITIES } from './tagged-entities';

setupDomTest();

const TAGGING_ON = {
  ...TEST_BOOTSTRAP,
  common: { ...TEST_BOOTSTRAP.common, feature_flags: { TAGGING_SYSTEM: true } },
};

const TAG = {
  id: 4,
  name: 'finance',
  type: 'custom',
  description: 'Money matters',
  created_by: null,
  changed_by: null,
  created_on: '2026-01-01T00:00:00.000Z',
  changed_on: '2026-01-01T00:00:00.000Z',
  created_on_delta_humanized: 'a day ago',
  changed_on_delta_humanized: 'a day ago',
};

const entity = (type: string, id: number, name: string, url: string) => ({
  id,
  type,
  name,
  url,
  changed_on: '2026-01-01T00:00:00.000Z',
  created_by: 1,
  creator: 'Ada Min',
  owners: [{ id: 1, first_name: 'Ada', last_name: 'Min' }],
  tags: [{ id: 4, name: 'finance', type: 'custom' }],
});

const pathOf = (url: string): string => new URL(url, 'http://localhost').pathname;

function server(objects: unknown[], tagStatus = 200): FetchHandler {
  return (url) => {
    const path = pathOf(url);
    if (path === '/api/v1/tag/4')
      return jsonResponse(tagStatus, tagStatus === 200 ? { id: 4, result: TAG } : { message: 'Not found' });
    if (path === '/api/v1/tag/get_objects/') return jsonResponse(200, { result: objects });
    return jsonResponse(404, { message: 'Not found' });
  };
}

describe('AllEntities', () => {
  it('lists the dashboards, charts and saved queries with the tag, each tag a link in a new tab', async () => {
    stubFetch(
      server([
        entity('chart', 7, 'Births', '/explore/?slice_id=7'),
        entity('dashboard', 2, 'Sales', '/superset/dashboard/sales/'),
        entity('query', 9, 'Top names', '/sqllab?savedQueryId=9'),
      ]),
    );
    renderWithStore(<AllEntities tagId={4} />, TAGGING_ON);
    await waitFor(() => expect(byDataTest('all-entities-title').textContent).toBe('finance'));
    expect(byDataTest('all-entities-description').textContent).toBe('Money matters');
    const sections = [...document.querySelectorAll('[data-test^="all-entities-table-"]')];
    expect(sections.map((section) => section.getAttribute('data-test'))).toEqual([
      'all-entities-table-dashboard',
      'all-entities-table-chart',
      'all-entities-table-query',
    ]);
    const links = [...document.querySelectorAll('[data-test="all-entities-link"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/superset/dashboard/sales/',
      '/explore/?slice_id=7',
      '/sqllab/?savedQueryId=9',
    ]);
    const tagLink = document.querySelector('[data-test="tag-link"]');
    expect(tagLink?.getAttribute('href')).toBe('/superset/all_entities/?id=4');
    expect(tagLink?.getAttribute('target')).toBe('_blank');
    expect(tagLink?.getAttribute('rel')).toBe('noopener');
  });

  it('says so when nothing carries the tag', async () => {
    stubFetch(server([]));
    renderWithStore(<AllEntities tagId={4} />, TAGGING_ON);
    await waitFor(() => expect(byDataTest('all-entities-empty').textContent).toContain(NO_TAGGED_ENTITIES));
  });

  it('shows a tag that does not exist as not found', async () => {
    stubFetch(server([], 404));
    renderWithStore(<AllEntities tagId={4} />, TAGGING_ON);
    await waitFor(() => expect(byDataTest('all-entities-not-found').textContent).toContain(TAG_NOT_FOUND));
  });

  it('shows a failed read with a retry that reads again', async () => {
    let failing = true;
    const fetchMock = stubFetch((url, init) =>
      failing && pathOf(url) === '/api/v1/tag/get_objects/'
        ? jsonResponse(500, { message: 'Boom' })
        : server([entity('chart', 7, 'Births', '/explore/?slice_id=7')])(url, init),
    );
    renderWithStore(<AllEntities tagId={4} />, TAGGING_ON);
    await waitFor(() => expect(byDataTest('all-entities-error')).toBeTruthy());
    failing = false;
    fireEvent.click(byDataTest('all-entities-retry'));
    await waitFor(() => expect(byDataTest('all-entities-table-chart')).toBeTruthy());
    expect(fetchMock.mock.calls.filter(([url]) => pathOf(url) === '/api/v1/tag/get_objects/').length).toBe(2);
  });
});
