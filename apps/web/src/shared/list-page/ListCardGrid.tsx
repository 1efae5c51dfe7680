import { Card, Checkbox, Empty, Flex, Pagination, Spin, theme } from 'antd';
import type { ReactNode } from 'react';
import { LIST_PAGE_SIZE, type ListState, type ListStateUpdate } from '../ui/list-query';

/** What a page shows on one card; the grid adds the selection checkbox. */
export interface ListCard {
  title: ReactNode;
  /** The star and actions at the card's top right. */
  extra?: ReactNode;
  body: ReactNode;
}

export interface ListCardsConfig<Row> {
  /** data-test of the grid and of each card. */
  'data-test': string;
  cardTest: string;
  card: (row: Row) => ListCard;
}

interface ListCardGridProps<Row extends { id: number }> extends ListCardsConfig<Row> {
  rows: Row[];
  total: number;
  loading: boolean;
  list: ListState;
  onListChange: ListStateUpdate;
  empty: { 'data-test': string; description: string };
  /** The list failed to load; its error state says so, so no empty state shows beside it. */
  failed: boolean;
  selection?: { selected: number[]; onChange: (ids: number[]) => void };
  /** Cards per page, when the page asks the server for other than LIST_PAGE_SIZE. */
  pageSize?: number;
}

/** A list as cards, paged like the table, with the same selection when the page offers bulk actions. */
export function ListCardGrid<Row extends { id: number }>({
  'data-test': dataTest,
  cardTest,
  card,
  rows,
  total,
  loading,
  list,
  onListChange,
  empty,
  failed,
  selection,
  pageSize,
}: ListCardGridProps<Row>) {
  const { token } = theme.useToken();
  if (!loading && rows.length === 0) {
    if (failed) return null;
    return <Empty data-test={empty['data-test']} description={empty.description} />;
  }
  const toggle = (id: number, on: boolean) => {
    if (selection === undefined) return;
    const others = selection.selected.filter((selectedId) => selectedId !== id);
    selection.onChange(on ? [...others, id] : others);
  };
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={token.margin} data-test={dataTest}>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
            gap: token.margin,
          }}
        >
          {rows.map((row) => {
            const shown = card(row);
            return (
              <Card
                key={row.id}
                size="small"
                data-test={cardTest}
                title={
                  <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                    {selection === undefined ? null : (
                      <Checkbox
                        data-test="list-card-select"
                        aria-label="Select"
                        checked={selection.selected.includes(row.id)}
                        onChange={(event) => toggle(row.id, event.target.checked)}
                      />
                    )}
                    <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {shown.title}
                    </span>
                  </Flex>
                }
                extra={shown.extra}
              >
                {shown.body}
              </Card>
            );
          })}
        </div>
        <Pagination
          align="end"
          current={list.page + 1}
          pageSize={pageSize ?? LIST_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          hideOnSinglePage
          onChange={(page) => onListChange((current) => ({ ...current, page: page - 1 }))}
        />
      </Flex>
    </Spin>
  );
}
