import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupDomTest } from '../../../test/dom-test';
import type { ResultColumn, ResultRow } from '../state';
import { ResultsGrid } from './ResultsGrid';
import { sortRowIndexes, type SortState } from './sort-rows';

setupDomTest();

// jsdom lays nothing out; give the grid's scroll box a size so the virtualizers know what is in view.
const VIEW = { width: 800, height: 400 };
const saved = {
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
};

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => VIEW.width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEW.height,
  });
});

afterAll(() => {
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

function column(name: string, generic: ResultColumn['type_generic'] = 1): ResultColumn {
  return {
    column_name: name,
    name,
    type: generic === 0 ? 'BIGINT' : 'VARCHAR',
    is_dttm: false,
    type_generic: generic,
  };
}

const COLUMNS = Array.from({ length: 50 }, (_unused, index) => column(`c${index}`, 0));

function bigRows(count: number): ResultRow[] {
  return Array.from({ length: count }, (_unused, row) =>
    Object.fromEntries(COLUMNS.map((col, index) => [col.column_name, row * 100 + index])),
  );
}

function Harness({ columns, rows }: { columns: ResultColumn[]; rows: ResultRow[] }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const order = useMemo(() => sortRowIndexes(rows, sort), [rows, sort]);
  return (
    <div style={{ height: VIEW.height }}>
      <ResultsGrid columns={columns} rows={rows} order={order} sort={sort} onSortChange={setSort} />
    </div>
  );
}

function renderedRowIndexes(): number[] {
  return screen.getAllByRole('row').flatMap((row) => {
    const index = row.getAttribute('data-row-index');
    return index === null ? [] : [Number(index)];
  });
}

function firstCellTexts(): string[] {
  return screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-index'))
    .map((row) => row.querySelector('[role="gridcell"]')?.textContent ?? '');
}

describe('ResultsGrid', () => {
  it('renders only the rows and columns in view out of 100,000 x 50', () => {
    render(<Harness columns={COLUMNS} rows={bigRows(100_000)} />);

    const rows = renderedRowIndexes();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toBe(0);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.length).toBeGreaterThan(3);
    expect(headers.length).toBeLessThan(COLUMNS.length);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('100001');
  });

  it('sorts by a column on header clicks: ascending, descending, then back to the original order', () => {
    const columns = [column('name'), column('num', 0)];
    const rows: ResultRow[] = [
      { name: 'b', num: 2 },
      { name: 'a', num: null },
      { name: 'c', num: 10 },
    ];
    render(<Harness columns={columns} rows={rows} />);
    const numHeader = () => screen.getAllByRole('columnheader')[1];

    expect(firstCellTexts()).toEqual(['b', 'a', 'c']);
    fireEvent.click(numHeader() ?? document.body);
    expect(firstCellTexts()).toEqual(['b', 'c', 'a']);
    expect(numHeader()?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(numHeader() ?? document.body);
    expect(firstCellTexts()).toEqual(['c', 'b', 'a']);
    expect(numHeader()?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(numHeader() ?? document.body);
    expect(firstCellTexts()).toEqual(['b', 'a', 'c']);
  });

  it('shows NULL distinctly', () => {
    render(<Harness columns={[column('x')]} rows={[{ x: null }, { x: 'NULL' }]} />);
    const cells = screen.getAllByRole('gridcell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['NULL', 'NULL']);
    expect(cells.map((cell) => cell.getAttribute('data-null'))).toEqual(['true', null]);
  });
});
