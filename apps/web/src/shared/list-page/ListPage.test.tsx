import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, renderWithStore, setupDomTest } from '../../test/dom-test';
import { ListPage, type ListBulkDelete, type ListResult } from './ListPage';
import { useListState } from './use-list-state';

setupDomTest();

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'First' },
  { id: 2, name: 'Second' },
];

function Page({
  result,
  bulkDelete,
  withCards = false,
}: {
  result: ListResult<Row>;
  bulkDelete?: ListBulkDelete;
  withCards?: boolean;
}) {
  const [list, setList] = useListState({ column: 'name', direction: 'asc' });
  return (
    <ListPage<Row>
      data-test="thing-list-page"
      title="Things"
      search={{ 'data-test': 'thing-search', placeholder: 'Search' }}
      list={list}
      onListChange={setList}
      result={result}
      errorTitle="Could not load things"
      table={{ 'data-test': 'thing-table', columns: [{ key: 'name', dataIndex: 'name', title: 'Name' }] }}
      empty={{ 'data-test': 'thing-empty', description: 'No things yet' }}
      cards={
        withCards
          ? {
              'data-test': 'thing-cards',
              cardTest: 'thing-card',
              toggleTest: 'thing-view-toggle',
              togglePrefix: 'thing-view',
              card: (row) => ({ title: row.name, body: `#${row.id}` }),
            }
          : undefined
      }
      bulkDelete={bulkDelete}
    />
  );
}

const loaded = (rows: Row[]): ListResult<Row> => ({
  rows,
  total: rows.length,
  loading: false,
  error: undefined,
  onRetry: () => undefined,
});

describe('ListPage', () => {
  it('shows the empty state of a list with no rows', () => {
    renderWithStore(<Page result={loaded([])} />);
    expect(byDataTest('thing-empty').textContent).toContain('No things yet');
    expect(screen.getByText('Things')).toBeTruthy();
  });

  it('shows a load failure alone, without the empty state, and retries on Retry', () => {
    const onRetry = vi.fn();
    renderWithStore(
      <Page
        result={{
          rows: [],
          total: 0,
          loading: false,
          error: { status: 500, data: { message: 'down' } },
          onRetry,
        }}
      />,
    );
    expect(screen.getByText('Could not load things')).toBeTruthy();
    expect(document.querySelector('[data-test="thing-empty"]')).toBeNull();
    expect(document.querySelector('[data-test="thing-table"]')).toBeNull();
    fireEvent.click(screen.getByText('Retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('deletes the selected rows only after the confirmation, then clears the selection', async () => {
    const onDelete = vi.fn(() => Promise.resolve(true));
    renderWithStore(
      <Page
        result={loaded(ROWS)}
        bulkDelete={{
          'data-test': 'thing-bulk-delete',
          title: 'Delete things?',
          describe: (count) => `${count} things will be deleted.`,
          onDelete,
        }}
      />,
    );
    expect(byDataTest('thing-bulk-delete').hasAttribute('disabled')).toBe(true);
    const boxes = within(byDataTest('thing-table')).getAllByRole('checkbox');
    fireEvent.click(boxes[2] ?? document.body);
    await waitFor(() => {
      expect(byDataTest('thing-bulk-delete').textContent).toBe('Delete 1 selected');
    });
    fireEvent.click(byDataTest('thing-bulk-delete'));
    expect(await screen.findByText('1 things will be deleted.')).toBeTruthy();
    fireEvent.click(byDataTest('confirm-cancel'));
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.click(byDataTest('thing-bulk-delete'));
    await screen.findByText('1 things will be deleted.');
    fireEvent.click(byDataTest('confirm-ok'));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([2]));
    await waitFor(() => {
      expect(byDataTest('thing-bulk-delete').textContent).toBe('Delete selected');
    });
  });

  it('forgets selected rows that are no longer listed', async () => {
    function Shrinking() {
      const [rows, setRows] = useState(ROWS);
      return (
        <>
          <button type="button" data-test="drop-second" onClick={() => setRows(ROWS.slice(0, 1))} />
          <Page
            result={loaded(rows)}
            bulkDelete={{
              'data-test': 'thing-bulk-delete',
              title: 'Delete things?',
              describe: (count) => `${count} things`,
              onDelete: () => Promise.resolve(true),
            }}
          />
        </>
      );
    }
    renderWithStore(<Shrinking />);
    fireEvent.click(within(byDataTest('thing-table')).getAllByRole('checkbox')[0] ?? document.body);
    await waitFor(() => expect(byDataTest('thing-bulk-delete').textContent).toBe('Delete 2 selected'));
    fireEvent.click(byDataTest('drop-second'));
    await waitFor(() => expect(byDataTest('thing-bulk-delete').textContent).toBe('Delete 1 selected'));
  });

  it('switches to cards, which select like the table', async () => {
    renderWithStore(
      <Page
        withCards
        result={loaded(ROWS)}
        bulkDelete={{
          'data-test': 'thing-bulk-delete',
          title: 'Delete things?',
          describe: (count) => `${count} things`,
          onDelete: () => Promise.resolve(true),
        }}
      />,
    );
    fireEvent.click(byDataTest('thing-view-card'));
    await waitFor(() => expect(document.querySelectorAll('[data-test="thing-card"]')).toHaveLength(2));
    const first = document.querySelector('[data-test="thing-card"] input[type="checkbox"]');
    fireEvent.click(first ?? document.body);
    await waitFor(() => expect(byDataTest('thing-bulk-delete').textContent).toBe('Delete 1 selected'));
  });
});
