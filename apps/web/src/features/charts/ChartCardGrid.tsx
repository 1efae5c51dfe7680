import type { ChartItem } from '@tessera/contracts';
import { Card, Empty, Flex, Pagination, Spin, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIST_PAGE_SIZE, type ListState, type ListStateUpdate } from '../../shared/ui/list-query';
import { chartExplorePath } from './paths';
import { vizTypeName } from './viz-names';

type ChartCard = ChartItem & { id: number };

interface ChartCardGridProps {
  rows: ChartCard[];
  total: number;
  loading: boolean;
  list: ListState;
  onListChange: ListStateUpdate;
  emptyDescription: string;
  /** The list failed to load; its error state says so, so no 'No charts yet' shows beside it. */
  failed: boolean;
  ownerNames: (chart: ChartCard) => string;
  /** The star and row actions the table shows, for the card's footer. */
  actions: (chart: ChartCard) => ReactNode;
}

/** The Charts list as cards (name, type, owners, modified), paged like the table. */
export function ChartCardGrid({
  rows,
  total,
  loading,
  list,
  onListChange,
  emptyDescription,
  failed,
  ownerNames,
  actions,
}: ChartCardGridProps) {
  const { token } = theme.useToken();
  if (!loading && rows.length === 0) {
    if (failed) return null;
    return <Empty data-test="chart-empty" description={emptyDescription} />;
  }
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={token.margin} data-test="chart-cards">
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
            gap: token.margin,
          }}
        >
          {rows.map((chart) => (
            <Card
              key={chart.id}
              size="small"
              data-test="chart-card"
              title={
                <Link data-test="chart-card-name" to={chartExplorePath(chart.id)}>
                  {chart.slice_name}
                </Link>
              }
              extra={actions(chart)}
            >
              <Flex vertical gap={2}>
                <Typography.Text data-test="chart-card-type">{vizTypeName(chart.viz_type)}</Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {ownerNames(chart) || 'No owners'}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  Modified {chart.changed_on_delta_humanized ?? ''}
                </Typography.Text>
              </Flex>
            </Card>
          ))}
        </div>
        <Pagination
          align="end"
          current={list.page + 1}
          pageSize={LIST_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          hideOnSinglePage
          onChange={(page) => onListChange((current) => ({ ...current, page: page - 1 }))}
        />
      </Flex>
    </Spin>
  );
}
