import {
  CalendarOutlined,
  FieldNumberOutlined,
  FieldStringOutlined,
  FunctionOutlined,
  HolderOutlined,
  PlusOutlined,
  QuestionOutlined,
  CheckSquareOutlined,
  TableOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { Button, Dropdown, Empty, Flex, Input, theme, Tooltip, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { DatasourceColumn, DatasourceMetric, ExploreDatasource } from '@tessera/contracts';
import type { DragItem } from '../controls/dnd';
import { CertifiedIcon, WarningIcon } from '../../../shared/ui/CertificationIcons';
import { ChangeDatasetModal } from './ChangeDatasetModal';

export interface AddTarget {
  name: string;
  label: string;
  accepts: (item: DragItem) => boolean;
}

interface DatasourcePanelProps {
  datasource: ExploreDatasource;
  /** Controls of the current chart an item can be added to (click-to-add). */
  targets: readonly AddTarget[];
  onAdd: (controlName: string, item: DragItem) => void;
}

function columnIcon(column: DatasourceColumn): ReactNode {
  if (column.expression) return <FunctionOutlined />;
  switch (column.type_generic) {
    case 0:
      return <FieldNumberOutlined />;
    case 1:
      return <FieldStringOutlined />;
    case 2:
      return <CalendarOutlined />;
    case 3:
      return <CheckSquareOutlined />;
    default:
      return <QuestionOutlined />;
  }
}

function matches(search: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || texts.some((text) => text?.toLowerCase().includes(needle) === true);
}

/** The left column: the dataset's metrics and columns, searchable, draggable into controls, or click-added. */
export function DatasourcePanel({ datasource, targets, onAdd }: DatasourcePanelProps) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [changing, setChanging] = useState(false);
  const metrics = useMemo(
    () =>
      datasource.metrics.filter((metric) =>
        matches(search, metric.metric_name, metric.verbose_name, metric.expression),
      ),
    [datasource.metrics, search],
  );
  const columns = useMemo(
    () =>
      [...datasource.columns]
        .filter((column) => matches(search, column.column_name, column.verbose_name))
        .sort(
          (left, right) =>
            Number(right.is_dttm) - Number(left.is_dttm) || left.column_name.localeCompare(right.column_name),
        ),
    [datasource.columns, search],
  );
  const heading = (text: string, count: number, total: number) => (
    <Typography.Text
      type="secondary"
      strong
      style={{ fontSize: token.fontSizeSM, textTransform: 'uppercase', letterSpacing: 0.4 }}
    >
      {text} ({count === total ? count : `${String(count)} of ${String(total)}`})
    </Typography.Text>
  );
  return (
    <Flex vertical gap={token.marginSM} style={{ height: '100%', minHeight: 0 }} data-test="datasource-panel">
      <Flex align="center" gap={token.marginXS}>
        <TableOutlined style={{ color: token.colorPrimary }} />
        <Typography.Text
          strong
          ellipsis
          title={datasource.name}
          data-test="datasource-name"
          style={{ flex: 1 }}
        >
          {datasource.name}
        </Typography.Text>
        <Tooltip title="Change dataset">
          <Button
            size="small"
            type="text"
            icon={<SwapOutlined />}
            aria-label="Change dataset"
            onClick={() => {
              setChanging(true);
            }}
            data-test="change-dataset"
          />
        </Tooltip>
      </Flex>
      <ChangeDatasetModal
        open={changing}
        currentId={datasource.id}
        onClose={() => {
          setChanging(false);
        }}
      />
      <Input.Search
        allowClear
        placeholder="Search metrics & columns"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
        }}
        data-test="datasource-search"
      />
      <div style={{ overflowY: 'auto', flex: 1, minHeight: 0, paddingRight: token.paddingXXS }}>
        {heading('Metrics', metrics.length, datasource.metrics.length)}
        {metrics.map((metric) => (
          <DatasourceItem
            key={`metric-${metric.metric_name}`}
            item={{ kind: 'metric', metric }}
            icon={<FunctionOutlined />}
            name={metric.verbose_name ?? metric.metric_name}
            tooltip={<MetricTooltip metric={metric} />}
            certifiedBy={metric.certified_by}
            certificationDetails={metric.certification_details}
            warning={metric.warning_text}
            targets={targets}
            onAdd={onAdd}
          />
        ))}
        <div style={{ height: token.marginSM }} />
        {heading('Columns', columns.length, datasource.columns.length)}
        {columns.map((column) => (
          <DatasourceItem
            key={`column-${column.column_name}`}
            item={{ kind: 'column', column }}
            icon={columnIcon(column)}
            name={column.verbose_name ?? column.column_name}
            tooltip={
              <span>
                {column.column_name}
                {column.type ? ` · ${column.type}` : ''}
                {column.expression ? ` · ${column.expression}` : ''}
                {column.description ? (
                  <>
                    <br />
                    {column.description}
                  </>
                ) : null}
              </span>
            }
            certifiedBy={column.certified_by}
            certificationDetails={column.certification_details}
            warning={column.warning_text}
            targets={targets}
            onAdd={onAdd}
          />
        ))}
        {metrics.length === 0 && columns.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No matching metrics or columns" />
        ) : null}
      </div>
    </Flex>
  );
}

function MetricTooltip({ metric }: { metric: DatasourceMetric }) {
  return (
    <span>
      {metric.metric_name} · <code>{metric.expression}</code>
      {metric.description ? (
        <>
          <br />
          {metric.description}
        </>
      ) : null}
      {metric.warning_text ? (
        <>
          <br />⚠ {metric.warning_text}
        </>
      ) : null}
    </span>
  );
}

interface DatasourceItemProps {
  item: DragItem;
  icon: ReactNode;
  name: string;
  tooltip: ReactNode;
  /** A certified icon and a warning icon follow the name when the metric or column has them. */
  certifiedBy?: string | null;
  certificationDetails?: string | null;
  warning?: string | null;
  targets: readonly AddTarget[];
  onAdd: (controlName: string, item: DragItem) => void;
}

function DatasourceItem({
  item,
  icon,
  name,
  tooltip,
  certifiedBy,
  certificationDetails,
  warning,
  targets,
  onAdd,
}: DatasourceItemProps) {
  const { token } = theme.useToken();
  const id =
    item.kind === 'metric' ? `metric:${item.metric.metric_name}` : `column:${item.column.column_name}`;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id, data: item });
  const usable = targets.filter((target) => target.accepts(item));
  return (
    <Flex
      ref={setNodeRef}
      align="center"
      gap={token.marginXS}
      style={{
        padding: `${String(token.paddingXXS)}px ${String(token.paddingXS)}px`,
        margin: `${String(token.marginXXS)}px 0`,
        borderRadius: token.borderRadiusSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        opacity: isDragging ? 0.5 : 1,
        cursor: 'grab',
      }}
      data-test={item.kind === 'metric' ? 'datasource-metric' : 'datasource-column'}
      data-name={item.kind === 'metric' ? item.metric.metric_name : item.column.column_name}
      {...attributes}
      {...listeners}
    >
      <HolderOutlined style={{ color: token.colorTextQuaternary }} />
      <span style={{ color: token.colorTextSecondary }}>{icon}</span>
      <Tooltip title={tooltip} placement="right" mouseEnterDelay={0.6}>
        <Typography.Text ellipsis style={{ flex: 1, fontSize: token.fontSizeSM }}>
          {name}
        </Typography.Text>
      </Tooltip>
      <CertifiedIcon
        certifiedBy={certifiedBy}
        details={certificationDetails}
        dataTest="datasource-certified"
      />
      <WarningIcon warning={warning} dataTest="datasource-warning" />
      {usable.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: usable.map((target) => ({ key: target.name, label: `Add to ${target.label}` })),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              onAdd(key, item);
            },
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={`Add ${name} to a control`}
            // The drag sensor must not take a click on the add button for the start of a drag.
            onPointerDown={(event) => {
              event.stopPropagation();
            }}
            data-test="datasource-item-add"
          />
        </Dropdown>
      ) : null}
    </Flex>
  );
}
