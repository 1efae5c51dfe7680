import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { theme } from 'antd';
import { memo, useMemo, useRef, type CSSProperties } from 'react';
import type { ResultColumn, ResultRow } from '../state';
import { formatCell, type CellKind } from './cell-format';
import { columnWidths, MIN_COLUMN_WIDTH } from './column-widths';
import { nextSort, type SortState } from './sort-rows';

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 32;
const ROW_OVERSCAN = 8;
const COLUMN_OVERSCAN = 2;

export interface ResultsGridProps {
  columns: readonly ResultColumn[];
  rows: readonly ResultRow[];
  /** Row indexes in display order (see `sortRowIndexes`). */
  order: readonly number[];
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
}

type Token = ReturnType<typeof theme.useToken>['token'];

function cellStyle(kind: CellKind, token: Token): CSSProperties {
  switch (kind) {
    case 'null':
      return { color: token.colorTextQuaternary, fontStyle: 'italic' };
    case 'number':
      return { textAlign: 'right', fontFamily: token.fontFamilyCode, fontVariantNumeric: 'tabular-nums' };
    case 'boolean':
      return { fontFamily: token.fontFamilyCode };
    case 'text':
      return {};
  }
}

const EMPTY_ROW: ResultRow = {};

interface GridRowProps {
  row: ResultRow;
  index: number;
  top: number;
  width: number;
  columns: readonly ResultColumn[];
  virtualColumns: readonly VirtualItem[];
  token: Token;
}

/**
 * One row's visible cells. Memoised: while scrolling down, rows already on screen keep their props
 * (the virtualizer returns the same column list until the horizontal range moves), so only the rows
 * coming into view render.
 */
const GridRow = memo(function GridRow({
  row,
  index,
  top,
  width,
  columns,
  virtualColumns,
  token,
}: GridRowProps) {
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-test="sqllab-grid-row"
      data-row-index={index}
      style={{
        position: 'absolute',
        top,
        left: 0,
        width,
        height: ROW_HEIGHT,
        background: index % 2 === 1 ? token.colorFillAlter : undefined,
      }}
    >
      {virtualColumns.map((virtualColumn) => {
        const column = columns[virtualColumn.index];
        if (column === undefined) return null;
        const cell = formatCell(row[column.column_name], column);
        return (
          <div
            key={virtualColumn.key}
            role="gridcell"
            aria-colindex={virtualColumn.index + 1}
            data-null={cell.kind === 'null' ? 'true' : undefined}
            title={cell.text}
            style={{
              position: 'absolute',
              left: virtualColumn.start,
              width: virtualColumn.size,
              height: ROW_HEIGHT,
              lineHeight: `${ROW_HEIGHT}px`,
              paddingInline: token.paddingXS,
              boxSizing: 'border-box',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              borderRight: border,
              borderBottom: border,
              ...cellStyle(cell.kind, token),
            }}
          >
            {cell.text}
          </div>
        );
      })}
    </div>
  );
});

interface HeaderCellProps {
  column: ResultColumn;
  index: number;
  left: number;
  width: number;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  token: Token;
}

function HeaderCell({ column, index, left, width, sort, onSortChange, token }: HeaderCellProps) {
  const name = column.column_name;
  const direction = sort?.column === name ? sort.direction : null;
  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      data-test="sqllab-grid-header"
      data-column={name}
      title={column.type === null ? name : `${name} (${column.type})`}
      onClick={() => {
        onSortChange(nextSort(sort, name));
      }}
      style={{
        position: 'absolute',
        left,
        width,
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXXS,
        paddingInline: token.paddingXS,
        boxSizing: 'border-box',
        cursor: 'pointer',
        userSelect: 'none',
        fontWeight: token.fontWeightStrong,
        background: token.colorFillAlter,
        borderRight: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
      }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>
        {name}
      </span>
      {direction === 'asc' ? <CaretUpOutlined /> : direction === 'desc' ? <CaretDownOutlined /> : null}
    </div>
  );
}

/**
 * The result rows in a grid virtualized on rows and columns: only the cells in view (plus a few
 * around them) are in the DOM, so 100,000 rows x 50 columns scroll as lightly as 100 rows. Rows have a
 * fixed height; a header click sorts (ascending, descending, off).
 */
export const ResultsGrid = memo(function ResultsGrid({
  columns,
  rows,
  order,
  sort,
  onSortChange,
}: ResultsGridProps) {
  const { token } = theme.useToken();
  const scrollRef = useRef<HTMLDivElement>(null);
  const names = useMemo(() => columns.map((column) => column.column_name), [columns]);
  const widths = useMemo(() => columnWidths(names, rows), [names, rows]);

  const rowVirtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: ROW_OVERSCAN,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widths[index] ?? MIN_COLUMN_WIDTH,
    overscan: COLUMN_OVERSCAN,
  });

  const totalWidth = columnVirtualizer.getTotalSize();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-rowcount={order.length + 1}
      aria-colcount={columns.length}
      data-test="sqllab-results-grid"
      data-rows={order.length}
      tabIndex={0}
      style={{
        height: '100%',
        width: '100%',
        overflow: 'auto',
        position: 'relative',
        fontSize: token.fontSizeSM,
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusSM,
        boxSizing: 'border-box',
      }}
    >
      <div style={{ position: 'relative', width: totalWidth, height: rowVirtualizer.getTotalSize() }}>
        <div
          role="row"
          aria-rowindex={1}
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 1,
            height: HEADER_HEIGHT,
            width: totalWidth,
            background: token.colorBgContainer,
          }}
        >
          {virtualColumns.map((virtualColumn) => {
            const column = columns[virtualColumn.index];
            return column === undefined ? null : (
              <HeaderCell
                key={virtualColumn.key}
                column={column}
                index={virtualColumn.index}
                left={virtualColumn.start}
                width={virtualColumn.size}
                sort={sort}
                onSortChange={onSortChange}
                token={token}
              />
            );
          })}
        </div>
        {rowVirtualizer.getVirtualItems().map((virtualRow) => (
          <GridRow
            key={virtualRow.key}
            row={rows[order[virtualRow.index] ?? -1] ?? EMPTY_ROW}
            index={virtualRow.index}
            top={virtualRow.start}
            width={totalWidth}
            columns={columns}
            virtualColumns={virtualColumns}
            token={token}
          />
        ))}
      </div>
    </div>
  );
});
