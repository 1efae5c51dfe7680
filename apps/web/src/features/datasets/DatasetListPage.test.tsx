import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  expectPagedLazyLoad,
  idsOfPage,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../test/async-select-test';
import { datasetRow } from '../../test/dataset-rows';
import { jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../test/dom-test';
import { DatasetListPage } from './DatasetListPage';

setupDomTest();

describe('DatasetListPage owner filter (spec 001 §9 select rules)', () => {
  it('reads owners 100 at a time, the next page past 70 %, and lists the picked owner’s datasets', async () => {
    const asked: PageAsked[] = [];
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/v1/dataset/related/owners?')) {
        const request = pageAsked(url);
        asked.push(request);
        if (request.q.includes('filter:ada'))
          return jsonResponse(200, { count: 1, result: [{ value: 7, text: 'Ada Min' }] });
        const result = idsOfPage(request, 150).map((id) => ({ value: id, text: `User ${String(id)}` }));
        return jsonResponse(200, { count: 150, result });
      }
      if (url.startsWith('/api/v1/dataset/?')) {
        const rows = [datasetRow(1, 'birth_names')];
        return jsonResponse(200, { count: 1, ids: [1], result: rows });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    renderWithStore(<DatasetListPage />);
    await expectPagedLazyLoad('dataset-filter-owner', asked);
    typeSearch('dataset-filter-owner', 'ada');
    await pickOption('dataset-filter-owner', 'Ada Min');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) =>
            url.startsWith('/api/v1/dataset/?') &&
            decodeURIComponent(url).includes('(col:owners,opr:rel_m_m,value:7)'),
        ),
      ).toBe(true),
    );
  });
});
