import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  GAMMA_PERMISSIONS,
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
} from '../../../test/dom-test';
import { openSelect, optionTitles, pickOption, typeSearch } from '../../../test/async-select-test';
import { NO_DATASET_ACCESS } from '../dataset-access';
import { ChartCreatePage } from './ChartCreatePage';

setupDomTest();

function Where() {
  const location = useLocation();
  return <output data-test="where">{`${location.pathname}${location.search}`}</output>;
}

const dataset = (id: number, name: string) => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${String(id)}`,
  table_name: name,
  database: { id: 1, database_name: 'examples' },
  catalog: null,
  schema: 'main',
  sql: null,
  kind: 'physical',
  explore_url: `/explore/?datasource_type=table&datasource_id=${String(id)}`,
  owners: [],
  created_by: null,
  changed_by: null,
  changed_by_name: '',
  changed_on_utc: '2026-01-01T00:00:00.000Z',
  changed_on_delta_humanized: 'a day ago',
});

describe('ChartCreatePage', () => {
  it('searches datasets on the server, then opens Explore with the chosen dataset and chart type', async () => {
    const fetchMock = stubFetch((url) => {
      const q = decodeURIComponent(url);
      const rows = q.includes('value:birth')
        ? [dataset(3, 'birth_names')]
        : [dataset(3, 'birth_names'), dataset(4, 'sales')];
      return jsonResponse(200, { count: rows.length, ids: rows.map((row) => row.id), result: rows });
    });
    renderWithStore(
      <>
        <ChartCreatePage />
        <Where />
      </>,
    );
    openSelect('chart-create-dataset');
    await waitFor(() => expect(optionTitles()).toEqual(['birth_names', 'sales']));
    expect(decodeURIComponent(fetchMock.mock.calls[0]?.[0] ?? '')).toContain('page_size:100');
    expect((byDataTest('chart-create-submit') as HTMLButtonElement).disabled).toBe(true);

    typeSearch('chart-create-dataset', 'birth');
    await waitFor(() => expect(optionTitles()).toEqual(['birth_names']));
    expect(
      fetchMock.mock.calls.some(([url]) =>
        decodeURIComponent(url).includes('(col:table_name,opr:ct,value:birth)'),
      ),
    ).toBe(true);

    await pickOption('chart-create-dataset', 'birth_names');
    await waitFor(() =>
      expect(byDataTest('chart-create-summary').textContent).toBe('birth_names: choose a chart type'),
    );

    fireEvent.change(within(byDataTest('chart-create-viz-search')).getByRole('searchbox'), {
      target: { value: 'bar' },
    });
    expect(document.querySelector('[data-test="chart-create-viz-pie"]')).toBeNull();
    fireEvent.click(byDataTest('chart-create-viz-echarts_timeseries_bar'));
    expect(byDataTest('chart-create-summary').textContent).toBe('birth_names · Bar Chart');

    fireEvent.click(byDataTest('chart-create-submit'));
    expect(byDataTest('where').textContent).toBe(
      '/explore/?datasource_type=table&datasource_id=3&viz_type=echarts_timeseries_bar',
    );
  });

  it('says so when no dataset matches or none exists, and when no chart type matches', async () => {
    stubFetch(() => jsonResponse(200, { count: 0, ids: [], result: [] }));
    renderWithStore(<ChartCreatePage />);
    openSelect('chart-create-dataset');
    expect(await screen.findByText('No datasets yet')).toBeTruthy();
    fireEvent.change(within(byDataTest('chart-create-viz-search')).getByRole('searchbox'), {
      target: { value: 'zzz-nothing' },
    });
    expect(byDataTest('chart-create-viz-empty')).toBeTruthy();
  });

  it('tells a user who can read no dataset to ask an admin instead of "No datasets yet"', async () => {
    stubFetch(() => jsonResponse(200, { count: 0, ids: [], result: [] }));
    renderWithStore(<ChartCreatePage />, bootstrapWith(['Gamma'], GAMMA_PERMISSIONS));
    openSelect('chart-create-dataset');
    expect(await screen.findByText(NO_DATASET_ACCESS)).toBeTruthy();
    expect(screen.queryByText('No datasets yet')).toBeNull();
  });
});
