import { FilterOutlined, WarningOutlined } from '@ant-design/icons';
import type { ApplyDashboardFiltersOutput } from '@tessera/core';
import { Badge, Button, Flex, Popover, theme, Typography } from 'antd';

interface FiltersIndicatorProps {
  filters: ApplyDashboardFiltersOutput;
}

function Section({ title, test, children }: { title: string; test: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={2} data-test={test}>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </Flex>
  );
}

/**
 * The applied-filters indicator of a chart header (issue #13 scope 3): how many filters narrow the chart,
 * and on open the applied ones (with the column a cross-dataset mapping used), the incompatible ones
 * (the chart's dataset lacks the column) and those out of its scope.
 */
export function FiltersIndicator({ filters }: FiltersIndicatorProps) {
  const { token } = theme.useToken();
  const { applied, incompatible, outOfScope } = filters;
  if (applied.length === 0 && incompatible.length === 0 && outOfScope.length === 0) return null;
  const content = (
    <Flex vertical gap={token.marginSM} style={{ maxWidth: 320 }} data-test="filters-indicator-content">
      {applied.length === 0 ? null : (
        <Section title={`Applied filters (${String(applied.length)})`} test="filters-indicator-applied">
          {applied.map((entry) => (
            <Typography.Text key={`${entry.id}-${entry.column}`} data-test="filters-indicator-item">
              {entry.name}
              {entry.column === '' ? '' : `: ${entry.column}`}
              {entry.mappedFrom === undefined ? '' : ` (mapped from ${entry.mappedFrom})`}
            </Typography.Text>
          ))}
        </Section>
      )}
      {incompatible.length === 0 ? null : (
        <Section
          title={`Incompatible filters (${String(incompatible.length)})`}
          test="filters-indicator-incompatible"
        >
          {incompatible.map((entry) => (
            <Typography.Text key={entry.id} type="warning" data-test="filters-indicator-item">
              {entry.name}: {entry.reason}
            </Typography.Text>
          ))}
        </Section>
      )}
      {outOfScope.length === 0 ? null : (
        <Section
          title={`Filters out of scope (${String(outOfScope.length)})`}
          test="filters-indicator-out-of-scope"
        >
          {outOfScope.map((entry) => (
            <Typography.Text key={entry.id} type="secondary" data-test="filters-indicator-item">
              {entry.name}
            </Typography.Text>
          ))}
        </Section>
      )}
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button
        type="text"
        size="small"
        aria-label="Applied filters"
        data-test="filters-indicator"
        data-applied={applied.length}
        data-incompatible={incompatible.length}
        data-out-of-scope={outOfScope.length}
        icon={
          <Badge count={applied.length} size="small" color={token.colorPrimary} offset={[4, -2]}>
            {incompatible.length > 0 ? <WarningOutlined /> : <FilterOutlined />}
          </Badge>
        }
      />
    </Popover>
  );
}
