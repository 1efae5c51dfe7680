import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import {
  listContentHeight,
  openSelect,
  optionTitles,
  pickOption,
  scrollList,
  typeSearch,
} from '../../../test/async-select-test';
import { birthNames } from '../state/test-fixtures';
import { newFilter } from './adhoc';
import { FilterEditor } from './FilterEditor';

setupDomTest();

const timeFilter = { ...newFilter('ds'), operator: 'TEMPORAL_RANGE', comparator: 'No filter' };

describe('FilterEditor time range', () => {
  it('edits a TEMPORAL_RANGE filter with the time range editor and shows the actual range', () => {
    const onSave = vi.fn();
    renderWithStore(
      <FilterEditor datasource={birthNames} initial={timeFilter} onSave={onSave} onCancel={vi.fn()} />,
    );
    expect(byDataTest('time-range-editor')).toBeTruthy();
    expect(byDataTest('time-range-actual').textContent).toBe('No filter');
    fireEvent.click(byDataTest('time-range-kind-advanced'));
    fireEvent.change(byDataTest('time-range-since'), {
      target: { value: 'DATEADD(DATETIME("2000-01-01"), -10, year)' },
    });
    fireEvent.change(byDataTest('time-range-until'), { target: { value: '2000-01-01' } });
    expect(byDataTest('time-range-actual').textContent).toBe('1990-01-01 ≤ ds < 2000-01-01');
    fireEvent.click(byDataTest('filter-save'));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        subject: 'ds',
        operator: 'TEMPORAL_RANGE',
        comparator: 'DATEADD(DATETIME("2000-01-01"), -10, year) : 2000-01-01',
      }),
    );
  });

  it('refuses a range the parser cannot read', () => {
    const onSave = vi.fn();
    renderWithStore(
      <FilterEditor
        datasource={birthNames}
        initial={{ ...timeFilter, comparator: '2000-01-01 : 2010-01-01' }}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.click(byDataTest('time-range-kind-advanced'));
    fireEvent.change(byDataTest('time-range-since'), { target: { value: 'someday' } });
    expect(byDataTest('time-range-error').textContent).not.toBe('');
    expect((byDataTest('filter-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers presets and a custom range picked per side', () => {
    renderWithStore(
      <FilterEditor
        datasource={birthNames}
        initial={{ ...timeFilter, comparator: '1990-01-01 : 2000-01-01' }}
        onSave={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(byDataTest('time-range-since-date')).toBeTruthy();
    expect(byDataTest('time-range-until-date')).toBeTruthy();
    expect(byDataTest('time-range-actual').textContent).toBe('1990-01-01 ≤ ds < 2000-01-01');
    fireEvent.click(byDataTest('time-range-kind-previous'));
    expect(screen.getByText('Previous calendar quarter')).toBeTruthy();
    fireEvent.click(byDataTest('time-range-kind-current'));
    fireEvent.click(byDataTest('time-range-current-year'));
    expect(byDataTest('time-range-actual').textContent).toMatch(/^\d{4}-01-01 ≤ ds < \d{4}-01-01$/);
  });
});

async function operatorOptions(): Promise<string[]> {
  const combobox = byDataTest('filter-operator-select').querySelector('input');
  if (!combobox) throw new Error('no operator combobox');
  fireEvent.mouseDown(combobox);
  return waitFor(() => {
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map(
      (element) => element.textContent,
    );
    if (labels.length === 0) throw new Error('no operator options yet');
    return labels;
  });
}

describe('FilterEditor operators', () => {
  it('offers a date column no Like and no Is true, and starts it on a time range', async () => {
    renderWithStore(
      <FilterEditor datasource={birthNames} initial={newFilter('ds')} onSave={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(byDataTest('filter-operator-select').textContent).toContain('Time range');
    const labels = await operatorOptions();
    expect(labels).toEqual(expect.arrayContaining(['Time range', 'Equal to (=)', 'In', 'Is null']));
    expect(labels.filter((label) => /like|is true|is false/i.test(label))).toEqual([]);
  });

  it('moves a LIKE filter to a list when its column becomes a number', () => {
    const onSave = vi.fn();
    renderWithStore(
      <FilterEditor
        datasource={birthNames}
        initial={{ ...newFilter('name'), operator: 'LIKE', comparator: 'A%' }}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    expect(byDataTest('filter-operator-select').textContent).toContain('Like');
    const column = byDataTest('filter-column-select').querySelector('input');
    if (!column) throw new Error('no column combobox');
    fireEvent.mouseDown(column);
    fireEvent.click(
      [...document.querySelectorAll('.ant-select-item-option')].find((item) => item.textContent === 'num') ??
        document.body,
    );
    expect(byDataTest('filter-operator-select').textContent).toContain('In');
    expect(byDataTest('filter-operator-select').textContent).not.toContain('Like');
  });
});

describe('FilterEditor values', () => {
  const VALUES_URL = '/api/v1/datasource/table/3/column/state/values/';
  const states = Array.from({ length: 250 }, (_, index) => `state_${String(index).padStart(3, '0')}`);

  it("offers the column's values from the server, 100 a page, and takes a typed value too", async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith(VALUES_URL) ? jsonResponse(200, { result: [null, ...states] }) : jsonResponse(404, {}),
    );
    const onSave = vi.fn();
    renderWithStore(
      <FilterEditor
        datasource={birthNames}
        initial={{ ...newFilter('state'), operator: 'IN', comparator: [] }}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    openSelect('filter-values');
    await waitFor(() => expect(optionTitles()).toContain('state_000'));
    const first = listContentHeight();
    expect(first).toBeGreaterThan(0);
    scrollList(0.8);
    // The second page of 100 doubles the list; the list itself was read once.
    await waitFor(() => expect(listContentHeight()).toBeCloseTo(first * 2));
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith(VALUES_URL))).toHaveLength(1);

    // A search is answered from the list already read.
    typeSearch('filter-values', 'state_001');
    await pickOption('filter-values', 'state_001');
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith(VALUES_URL))).toHaveLength(1);
    typeSearch('filter-values', 'Atlantis');
    await pickOption('filter-values', 'Atlantis');
    fireEvent.click(byDataTest('filter-save'));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'state', operator: 'IN', comparator: ['state_001', 'Atlantis'] }),
    );
  });

  it('keeps numbers as numbers on a numeric column, one value for a single-value operator', async () => {
    stubFetch((url) =>
      url.endsWith('/column/num/values/') ? jsonResponse(200, { result: [1, 5, 20] }) : jsonResponse(404, {}),
    );
    const onSave = vi.fn();
    renderWithStore(
      <FilterEditor
        datasource={birthNames}
        initial={{ ...newFilter('num'), operator: '==', comparator: '' }}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    await pickOption('filter-value', '5');
    fireEvent.click(byDataTest('filter-save'));
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ subject: 'num', operator: '==', comparator: 5 }),
    );
    typeSearch('filter-value', '42');
    await pickOption('filter-value', '42');
    fireEvent.click(byDataTest('filter-save'));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ comparator: 42 }));
  });
});
