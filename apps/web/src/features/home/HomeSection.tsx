import { Button, Card, Empty, Flex, List, Skeleton, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';

/** One row of a home section: a link to the object and when it was last touched. */
export interface HomeItem {
  key: string;
  title: string;
  url: string;
  icon: ReactNode;
  when: string;
}

export interface HomeListState {
  items: HomeItem[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

interface HomeListProps {
  'data-test': string;
  state: HomeListState;
  /** What the empty list says, and where it leads ('+ Dashboard', 'SQL Lab'). */
  empty: { text: string; action: ReactNode };
}

/** A section's list with its loading, error and empty states. */
export function HomeList({ 'data-test': dataTest, state, empty }: HomeListProps) {
  const { token } = theme.useToken();
  if (state.error !== undefined && state.error !== null) {
    return (
      <ErrorMessage
        data-test={`${dataTest}-error`}
        error={state.error}
        title="Could not load this list"
        action={
          <Button size="small" onClick={state.onRetry} data-test={`${dataTest}-retry`}>
            Retry
          </Button>
        }
      />
    );
  }
  if (state.loading && state.items.length === 0) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (state.items.length === 0) {
    return (
      <Empty data-test={`${dataTest}-empty`} image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.text}>
        {empty.action}
      </Empty>
    );
  }
  return (
    <List
      data-test={dataTest}
      grid={{ gutter: 12, xs: 1, sm: 2, md: 3, xl: 3, xxl: 3 }}
      dataSource={state.items}
      renderItem={(item) => (
        <List.Item key={item.key}>
          <Card size="small" hoverable data-test={`${dataTest}-item`}>
            <Flex gap={10} align="center">
              <span style={{ color: token.colorPrimary, fontSize: 18 }}>{item.icon}</span>
              <Flex vertical style={{ minWidth: 0 }}>
                <Link to={item.url} data-test={`${dataTest}-link`}>
                  <Typography.Text strong ellipsis={{ tooltip: item.title }}>
                    {item.title}
                  </Typography.Text>
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {item.when}
                </Typography.Text>
              </Flex>
            </Flex>
          </Card>
        </List.Item>
      )}
    />
  );
}

/** A titled block of the home page with its own actions ('See all'). */
export function HomeSection({
  'data-test': dataTest,
  title,
  extra,
  children,
}: {
  'data-test': string;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card data-test={dataTest} title={title} extra={extra}>
      {children}
    </Card>
  );
}
