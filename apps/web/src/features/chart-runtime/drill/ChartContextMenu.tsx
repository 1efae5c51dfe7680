import { Dropdown, Input, type MenuProps } from 'antd';
import type { DrillFilter } from '@tessera/charts';
import { useState } from 'react';
import type { DrillAbilities } from './drill-permissions';
import type { DrillByColumn } from './drill-query';

/** Above this many columns the drill by list gets a search box. */
const SEARCH_FROM = 10;

export type ContextMenuChoice =
  | { kind: 'detail'; filters: DrillFilter[] }
  | { kind: 'drillBy'; column: DrillByColumn; filters: DrillFilter[] };

interface ChartContextMenuProps {
  x: number;
  y: number;
  /** The clicked data point's values; empty for a click beside the data. */
  filters: DrillFilter[];
  abilities: DrillAbilities;
  columns: DrillByColumn[];
  onChoose: (choice: ContextMenuChoice) => void;
  onClose: () => void;
}

/** What a right click on a chart offers: drill to detail (by the clicked values) and drill by a column. */
export function ChartContextMenu({
  x,
  y,
  filters,
  abilities,
  columns,
  onChoose,
  onClose,
}: ChartContextMenuProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = columns.filter(
    (column) => needle === '' || `${column.name} ${column.label}`.toLowerCase().includes(needle),
  );
  const detailItems: NonNullable<MenuProps['items']> = abilities.drillToDetail
    ? [
        { key: 'detail', label: <span data-test="drill-to-detail">Drill to detail</span> },
        ...filters.map((filter, index) => ({
          key: `detail-by-${String(index)}`,
          label: <span data-test="drill-to-detail-by">Drill to detail by {filter.formattedVal}</span>,
        })),
        ...(filters.length > 1
          ? [
              {
                key: 'detail-by-all',
                label: <span data-test="drill-to-detail-by-all">Drill to detail by all</span>,
              },
            ]
          : []),
      ]
    : [];
  const drillByItems: NonNullable<MenuProps['items']> = abilities.drillBy
    ? [
        {
          key: 'drill-by',
          label: <span data-test="drill-by">Drill by</span>,
          disabled: columns.length === 0,
          children: [
            ...(columns.length > SEARCH_FROM
              ? [
                  {
                    key: 'drill-by-search',
                    label: (
                      <Input
                        size="small"
                        placeholder="Search columns"
                        value={search}
                        autoFocus
                        data-test="drill-by-search"
                        onClick={(event) => {
                          event.stopPropagation();
                        }}
                        onKeyDown={(event) => {
                          event.stopPropagation();
                        }}
                        onChange={(event) => {
                          setSearch(event.target.value);
                        }}
                      />
                    ),
                  },
                ]
              : []),
            ...shown.map((column) => ({
              key: `drill-by:${column.name}`,
              label: (
                <span data-test="drill-by-column" data-column={column.name}>
                  {column.label}
                </span>
              ),
            })),
          ],
        },
      ]
    : [];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'drill-by-search') return;
    if (key === 'detail') onChoose({ kind: 'detail', filters: [] });
    else if (key === 'detail-by-all') onChoose({ kind: 'detail', filters });
    else if (key.startsWith('detail-by-')) {
      const filter = filters[Number(key.slice('detail-by-'.length))];
      if (filter !== undefined) onChoose({ kind: 'detail', filters: [filter] });
    } else if (key.startsWith('drill-by:')) {
      const column = columns.find((candidate) => candidate.name === key.slice('drill-by:'.length));
      if (column !== undefined) onChoose({ kind: 'drillBy', column, filters });
    }
    onClose();
  };
  return (
    <Dropdown
      open
      menu={{ items: [...detailItems, ...drillByItems], onClick }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      trigger={['contextMenu']}
      popupRender={(menu) => <div data-test="chart-context-menu">{menu}</div>}
    >
      <span style={{ position: 'fixed', left: x, top: y, width: 1, height: 1 }} aria-hidden />
    </Dropdown>
  );
}
