import type { ChartItem } from '@tessera/contracts';
import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListCard } from '../../shared/list-page/ListCardGrid';
import { chartExplorePath } from './paths';
import { vizTypeName } from './viz-names';

type ChartCardRow = ChartItem & { id: number };

function ChartCardBody({ chart, owners }: { chart: ChartCardRow; owners: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2}>
      <Typography.Text data-test="chart-card-type">{vizTypeName(chart.viz_type)}</Typography.Text>
      <Typography.Text type="secondary" ellipsis>
        {owners || 'No owners'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        Modified {chart.changed_on_delta_humanized ?? ''}
      </Typography.Text>
    </Flex>
  );
}

/** A chart on the Charts list's card view: name, type, owners and age, with the table's star and actions. */
export function chartCard(chart: ChartCardRow, owners: string, actions: ReactNode): ListCard {
  return {
    title: (
      <Link data-test="chart-card-name" to={chartExplorePath(chart.id)}>
        {chart.slice_name}
      </Link>
    ),
    extra: actions,
    body: <ChartCardBody chart={chart} owners={owners} />,
  };
}
