import { useMemo, useState, type CSSProperties } from 'react';
import { themeTokens } from '../../format/theme';
import type { TableCell, TableChartProps } from './transformProps';
import { toggleTableFilter } from './transformProps';
import { pointFilter } from '../../drill/point-filters';

type SortState = { index: number; desc: boolean } | null;

function compareCells(a: TableCell | undefined, b: TableCell | undefined): number {
  const x = a?.value;
  const y = b?.value;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return (a?.text ?? '').localeCompare(b?.text ?? '');
}

/**
 * The table: client-side search, sort and paging over the rows it got, or (server pagination) paging,
 * search and sort requests through onChangeOwnState; cell bars, conditional backgrounds, cross filters.
 */
export default function TableChart(props: TableChartProps) {
  const {
    columns,
    rows,
    width,
    height,
    pageSize,
    serverPagination,
    onChangeOwnState,
    crossFilter,
    onContextMenu,
  } = props;
  const tokens = themeTokens(props.theme);
  const [search, setSearch] = useState(props.searchText);
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(0);

  const visibleRows = useMemo(() => {
    if (serverPagination) return rows;
    const needle = search.trim().toLowerCase();
    const filtered = needle
      ? rows.filter((row) => row.some((cell) => cell.text.toLowerCase().includes(needle)))
      : rows;
    if (!sort) return filtered;
    const sorted = [...filtered].sort((a, b) => compareCells(a[sort.index], b[sort.index]));
    return sort.desc ? sorted.reverse() : sorted;
  }, [rows, search, sort, serverPagination]);

  const total = serverPagination ? props.rowCount : visibleRows.length;
  const currentPage = serverPagination ? props.currentPage : page;
  const pageCount = pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const pageRows =
    serverPagination || pageSize === 0
      ? visibleRows
      : visibleRows.slice(page * pageSize, (page + 1) * pageSize);

  const goTo = (next: number) => {
    if (serverPagination) onChangeOwnState?.({ currentPage: next, pageSize, searchText: search });
    else setPage(next);
  };
  const onSearch = (text: string) => {
    setSearch(text);
    setPage(0);
    const firstText = columns.find((c) => c.kind === 'dimension');
    if (serverPagination) {
      onChangeOwnState?.({
        currentPage: 0,
        pageSize,
        searchText: text,
        ...(firstText ? { searchColumn: firstText.key } : {}),
      });
    }
  };
  const onSort = (index: number) => {
    const next: SortState =
      sort?.index === index ? (sort.desc ? null : { index, desc: true }) : { index, desc: false };
    setSort(next);
    const column = columns[index];
    if (serverPagination && column) {
      onChangeOwnState?.({
        currentPage: 0,
        pageSize,
        searchText: search,
        sortBy: next ? [{ key: column.key, desc: next.desc }] : [],
      });
    }
  };

  const cellStyle: CSSProperties = {
    padding: '4px 8px',
    borderBottom: `1px solid ${tokens.splitLine}`,
    whiteSpace: 'nowrap',
  };
  return (
    <div
      style={{ width, height, display: 'flex', flexDirection: 'column', color: tokens.text, fontSize: 13 }}
    >
      {props.includeSearch && (
        <div style={{ padding: '4px 0' }}>
          <input
            type="search"
            aria-label="Search"
            placeholder={`Search ${String(total)} records`}
            value={search}
            onChange={(event) => {
              onSearch(event.target.value);
            }}
          />
        </div>
      )}
      <div style={{ overflow: 'auto', flex: 1 }}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sort?.index === index ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                  onClick={() => {
                    onSort(index);
                  }}
                  style={{
                    ...cellStyle,
                    cursor: 'pointer',
                    textAlign: column.numeric ? 'right' : 'left',
                    position: 'sticky',
                    top: 0,
                  }}
                >
                  {column.label}
                  {sort?.index === index ? (sort.desc ? ' ▼' : ' ▲') : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pageRows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => {
                  const column = columns[index];
                  const selected = column
                    ? (crossFilter?.selected[column.key] ?? []).includes(cell.text)
                    : false;
                  const clickable = crossFilter !== undefined && column?.kind === 'dimension';
                  const bar = cell.bar;
                  const background =
                    cell.background ??
                    (bar
                      ? `linear-gradient(to right, transparent ${String(bar.start * 100)}%, ${bar.negative ? tokens.negative : tokens.positive}33 ${String(bar.start * 100)}%, ${bar.negative ? tokens.negative : tokens.positive}33 ${String(bar.end * 100)}%, transparent ${String(bar.end * 100)}%)`
                      : undefined);
                  return (
                    <td
                      key={column?.key ?? index}
                      onClick={
                        clickable
                          ? () => {
                              crossFilter.setDataMask(
                                toggleTableFilter(crossFilter.selected, column.key, cell.value),
                              );
                            }
                          : undefined
                      }
                      onContextMenu={
                        onContextMenu && column?.kind === 'dimension'
                          ? (event) => {
                              onContextMenu({
                                nativeEvent: event.nativeEvent,
                                filters: [pointFilter(column.key, cell.value, cell.text)],
                              });
                            }
                          : undefined
                      }
                      style={{
                        ...cellStyle,
                        textAlign: column?.numeric ? 'right' : 'left',
                        cursor: clickable ? 'pointer' : undefined,
                        fontWeight: selected ? 600 : undefined,
                        background,
                      }}
                    >
                      {cell.text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          {props.totals && (
            <tfoot>
              <tr>
                {props.totals.map((text, index) => (
                  <th
                    key={columns[index]?.key ?? index}
                    scope={index === 0 ? 'row' : undefined}
                    style={{ ...cellStyle, textAlign: columns[index]?.numeric ? 'right' : 'left' }}
                  >
                    {text}
                  </th>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {pageSize > 0 && pageCount > 1 && (
        <nav aria-label="Pages" style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '4px 0' }}>
          <button
            type="button"
            disabled={currentPage === 0}
            onClick={() => {
              goTo(currentPage - 1);
            }}
          >
            ‹
          </button>
          <span>
            {currentPage + 1} / {pageCount}
          </span>
          <button
            type="button"
            disabled={currentPage >= pageCount - 1}
            onClick={() => {
              goTo(currentPage + 1);
            }}
          >
            ›
          </button>
        </nav>
      )}
    </div>
  );
}
