import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  listContentHeight,
  openSelect,
  optionTitles,
  pickOption,
  scrollList,
  typeSearch,
} from '../../../test/async-select-test';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import { databaseItem } from '../test/database-fixture';
import { DatabaseBrowser } from './DatabaseBrowserPage';

setupDomTest();

const schemaName = (index: number) => `s_${String(index).padStart(3, '0')}`;

/** Database 3 with 250 schemas (sent whole, as the server does) and no tables. */
function serveSchemas() {
  return stubFetch((url) => {
    if (url === '/api/v1/database/3')
      return jsonResponse(200, { id: 3, result: databaseItem({ id: 3, database_name: 'warehouse' }) });
    if (url.startsWith('/api/v1/database/3/schemas/'))
      return jsonResponse(200, { result: Array.from({ length: 250 }, (_, index) => schemaName(index)) });
    if (url.startsWith('/api/v1/database/3/tables/')) return jsonResponse(200, { count: 0, result: [] });
    return jsonResponse(404, { message: 'not stubbed' });
  });
}

describe('database browser schema picker', () => {
  it('lists the schemas 100 at a time, the next 100 past 70 % of the scroll, and searches all of them', async () => {
    const fetchMock = serveSchemas();
    renderWithStore(<DatabaseBrowser databaseId={3} />);
    // The first schema is preferred when there is no main or public.
    await waitFor(() => expect(byDataTest('schema-select').textContent).toContain('s_000'));
    openSelect('schema-select');
    await waitFor(() => expect(optionTitles()).toContain('s_000'));
    const firstHeight = listContentHeight();
    expect(firstHeight).toBeGreaterThan(0);
    scrollList(0.5);
    expect(listContentHeight()).toBe(firstHeight);
    scrollList(0.8);
    await waitFor(() => expect(listContentHeight()).toBeCloseTo(firstHeight * 2));

    typeSearch('schema-select', 's_24');
    await waitFor(() =>
      expect(optionTitles()).toEqual(Array.from({ length: 10 }, (_, d) => schemaName(240 + d))),
    );
    await pickOption('schema-select', 's_242');
    await waitFor(() => expect(byDataTest('schema-select').textContent).toContain('s_242'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => url.startsWith('/api/v1/database/3/tables/') && url.includes('s_242'),
        ),
      ).toBe(true),
    );
  });
});
