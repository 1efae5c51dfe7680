import { BarChartOutlined, ConsoleSqlOutlined, DashboardOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { can, canUseSqlLab } from '../../shared/session/permissions';
import type { SessionUser } from '../../shared/session/session-slice';
import { CHART_CREATE_PATH, CHART_LIST_PATH } from '../charts/paths';
import { useListChartsQuery } from '../charts/charts-api';
import { DASHBOARD_LIST_PATH, DASHBOARD_NEW_PATH, dashboardPath } from '../dashboards/paths';
import { useDashboardListQuery } from '../dashboards/list/dashboard-list-api';
import { exploreChartPath } from '../explore/paths';
import { SAVED_QUERY_LIST_PATH, savedQuerySqlLabPath } from '../savedqueries/paths';
import { useListSavedQueriesQuery } from '../savedqueries/saved-queries-api';
import { SQLLAB_PATH } from '../sqllab/paths';
import { useRecentActivityQuery } from './home-api';
import { HomeList, HomeSection, type HomeListState } from './HomeSection';

/** Items per section, as Superset's home page shows them. */
const HOME_ITEMS = 6;
type Which = 'favorite' | 'mine';

const listQuery = (filters: { col: string; opr: string; value: number | boolean }[]) => ({
  filters,
  order_column: 'changed_on_delta_humanized',
  order_direction: 'desc' as const,
  page: 0,
  page_size: HOME_ITEMS,
});

function whichTabs(which: Which, onChange: (next: Which) => void, prefix: string) {
  return (
    <Tabs
      size="small"
      activeKey={which}
      onChange={(key) => onChange(key === 'mine' ? 'mine' : 'favorite')}
      items={[
        { key: 'favorite', label: <span data-test={`${prefix}-tab-favorite`}>Favorite</span> },
        { key: 'mine', label: <span data-test={`${prefix}-tab-mine`}>Mine</span> },
      ]}
    />
  );
}

function Recents() {
  const { data, error, isFetching, refetch } = useRecentActivityQuery(
    { page_size: HOME_ITEMS },
    { refetchOnMountOrArgChange: true },
  );
  const state: HomeListState = {
    items: (data?.result ?? []).map((item) => ({
      key: `${item.item_type}-${item.item_url}`,
      title: item.item_title,
      url: item.item_url,
      icon: item.item_type === 'dashboard' ? <DashboardOutlined /> : <BarChartOutlined />,
      when: `Viewed ${item.time_delta_humanized}`,
    })),
    loading: isFetching,
    error,
    onRetry: () => void refetch(),
  };
  return (
    <HomeSection data-test="home-recents" title="Recents">
      <HomeList
        data-test="home-recents-list"
        state={state}
        empty={{
          text: 'Nothing opened yet. Dashboards and charts you view show up here.',
          action: (
            <Flex gap={8} justify="center">
              <Link to={DASHBOARD_LIST_PATH} data-test="home-recents-dashboards">
                Dashboards
              </Link>
              <Link to={CHART_LIST_PATH} data-test="home-recents-charts">
                Charts
              </Link>
            </Flex>
          ),
        }}
      />
    </HomeSection>
  );
}

function Dashboards({ user }: { user: SessionUser }) {
  const [which, setWhich] = useState<Which>('favorite');
  const filter =
    which === 'favorite'
      ? { col: 'id', opr: 'dashboard_is_favorite', value: true }
      : { col: 'owners', opr: 'rel_m_m', value: user.id };
  const { data, error, isFetching, refetch } = useDashboardListQuery(listQuery([filter]), {
    refetchOnMountOrArgChange: true,
  });
  const state: HomeListState = {
    // List rows carry only the columns asked for, so every field is optional in the contract.
    items: (data?.result ?? []).flatMap(
      ({ id, slug, dashboard_title: title, changed_on_delta_humanized: when }) =>
        id === undefined
          ? []
          : [
              {
                key: String(id),
                title: title === undefined || title === '' ? '[untitled]' : title,
                url: dashboardPath({ id, slug: slug ?? null }),
                icon: <DashboardOutlined />,
                when: `Modified ${when ?? ''}`,
              },
            ],
    ),
    loading: isFetching,
    error,
    onRetry: () => void refetch(),
  };
  return (
    <OwnedObjectsSection
      noun="dashboards"
      title="Dashboards"
      listPath={DASHBOARD_LIST_PATH}
      create={can(user, 'can_write', 'Dashboard') ? { path: DASHBOARD_NEW_PATH, label: '+ Dashboard' } : null}
      which={which}
      onWhich={setWhich}
      state={state}
    />
  );
}

function Charts({ user }: { user: SessionUser }) {
  const [which, setWhich] = useState<Which>('favorite');
  const filter =
    which === 'favorite'
      ? { col: 'id', opr: 'chart_is_favorite', value: true }
      : { col: 'owners', opr: 'rel_m_m', value: user.id };
  const { data, error, isFetching, refetch } = useListChartsQuery(listQuery([filter]), {
    refetchOnMountOrArgChange: true,
  });
  const state: HomeListState = {
    items: (data?.result ?? []).flatMap(({ id, slice_name: title, changed_on_delta_humanized: when }) =>
      id === undefined
        ? []
        : [
            {
              key: String(id),
              title: title ?? '',
              url: exploreChartPath(id),
              icon: <BarChartOutlined />,
              when: `Modified ${when ?? ''}`,
            },
          ],
    ),
    loading: isFetching,
    error,
    onRetry: () => void refetch(),
  };
  return (
    <OwnedObjectsSection
      noun="charts"
      title="Charts"
      listPath={CHART_LIST_PATH}
      create={can(user, 'can_write', 'Chart') ? { path: CHART_CREATE_PATH, label: '+ Chart' } : null}
      which={which}
      onWhich={setWhich}
      state={state}
    />
  );
}

/** Dashboards or charts: the favourite and own tabs, a See all link, and the create or browse way out when empty. */
function OwnedObjectsSection({
  noun,
  title,
  listPath,
  create,
  which,
  onWhich,
  state,
}: {
  noun: 'dashboards' | 'charts';
  title: string;
  listPath: string;
  create: { path: string; label: string } | null;
  which: Which;
  onWhich: (which: Which) => void;
  state: HomeListState;
}) {
  const prefix = `home-${noun}`;
  return (
    <HomeSection
      data-test={prefix}
      title={title}
      extra={
        <Link to={listPath} data-test={`${prefix}-all`}>
          See all
        </Link>
      }
    >
      {whichTabs(which, onWhich, prefix)}
      <HomeList
        data-test={`${prefix}-${which}`}
        state={state}
        empty={{
          text: which === 'favorite' ? `No favorite ${noun} yet` : `You own no ${noun} yet`,
          action:
            create === null ? (
              <Link to={listPath}>Browse {noun}</Link>
            ) : (
              <Link to={create.path}>
                <Button type="primary" data-test={`${prefix}-new`}>
                  {create.label}
                </Button>
              </Link>
            ),
        }}
      />
    </HomeSection>
  );
}

function SavedQueries({ user }: { user: SessionUser }) {
  const { data, error, isFetching, refetch } = useListSavedQueriesQuery(
    listQuery([{ col: 'created_by', opr: 'rel_o_m', value: user.id }]),
    { refetchOnMountOrArgChange: true },
  );
  const state: HomeListState = {
    items: (data?.result ?? []).map((query) => ({
      key: String(query.id),
      title: query.label,
      url: savedQuerySqlLabPath(query.id),
      icon: <ConsoleSqlOutlined />,
      when: `Modified ${query.changed_on_delta_humanized}`,
    })),
    loading: isFetching,
    error,
    onRetry: () => void refetch(),
  };
  return (
    <HomeSection
      data-test="home-saved-queries"
      title="Saved queries"
      extra={
        <Link to={SAVED_QUERY_LIST_PATH} data-test="home-saved-queries-all">
          See all
        </Link>
      }
    >
      <HomeList
        data-test="home-saved-queries-list"
        state={state}
        empty={{
          text: 'You have no saved queries yet',
          action: canUseSqlLab(user) ? (
            <Link to={SQLLAB_PATH}>
              <Button type="primary" data-test="home-saved-queries-sqllab">
                SQL Lab
              </Button>
            </Link>
          ) : null,
        }}
      />
    </HomeSection>
  );
}

/**
 * /superset/welcome/ — where everyone lands after login: what they opened lately, their favourite and
 * own dashboards and charts, and their saved queries; each section only for those who may read it.
 */
export function HomePage() {
  const user = useAppSelector((state) => state.session.user);
  if (user === null) return null;
  return (
    <Flex vertical gap={16} data-test="home-page" style={{ padding: 24, maxWidth: 1280, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Home
      </Typography.Title>
      <Recents />
      {can(user, 'can_read', 'Dashboard') ? <Dashboards user={user} /> : null}
      {can(user, 'can_read', 'Chart') ? <Charts user={user} /> : null}
      {can(user, 'can_read', 'SavedQuery') ? <SavedQueries user={user} /> : null}
    </Flex>
  );
}
