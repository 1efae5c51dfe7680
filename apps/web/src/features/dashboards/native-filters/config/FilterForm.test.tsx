import { waitFor } from '@testing-library/react';
import type { FilterOrDivider, NativeFilter } from '@tessera/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  expectPagedLazyLoad,
  idsOfPage,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../../../test/async-select-test';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
} from '../../../../test/dom-test';
import { datasetRow } from '../../../../test/dataset-rows';
import { FilterForm } from './FilterForm';

setupDomTest();

const filter: NativeFilter = {
  id: 'NATIVE_FILTER-1',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{}],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

/** 150 datasets, paged as the server pages them; every list request is recorded. */
function serveDatasets(asked: PageAsked[]) {
  return stubFetch((url) => {
    if (url.startsWith('/api/v1/dataset/?')) {
      const request = pageAsked(url);
      asked.push(request);
      const rows = idsOfPage(request, 150).map((id) => datasetRow(id));
      return jsonResponse(200, { count: 150, ids: rows.map((row) => row.id), result: rows });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

/** The form as the config modal holds it: each change becomes the shown item. */
function Holder({ onChange }: { onChange: (item: FilterOrDivider) => void }) {
  const [item, setItem] = useState<FilterOrDivider>(filter);
  return (
    <FilterForm
      item={item}
      all={[item]}
      errors={{}}
      tree={[]}
      onChange={(next) => {
        onChange(next);
        setItem(next);
      }}
    />
  );
}

function renderForm(onChange: (item: FilterOrDivider) => void = () => undefined) {
  return renderWithStore(<Holder onChange={onChange} />);
}

describe('native filter config: dataset picker', () => {
  it('reads datasets 100 at a time and the next page past 70 % of the scroll', async () => {
    const asked: PageAsked[] = [];
    serveDatasets(asked);
    renderForm();
    await expectPagedLazyLoad('filter-config-dataset', asked);
  });

  it('searches on the server and sets the picked dataset as the target', async () => {
    const asked: PageAsked[] = [];
    serveDatasets(asked);
    const onChange = vi.fn<(item: FilterOrDivider) => void>();
    renderForm(onChange);
    await pickOption('filter-config-dataset', 'table_001');
    typeSearch('filter-config-dataset', 'table_12');
    await waitFor(() => expect(asked.some((request) => request.q.includes('value:table_12'))).toBe(true));
    const searched = asked.find((request) => request.q.includes('value:table_12'));
    expect(searched?.q).toContain('(col:table_name,opr:ct,value:table_12)');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ targets: [{ datasetId: 1 }] }));
    expect(byDataTest('filter-config-dataset').textContent).toContain('table_001');
  });
});
