import {
  AppstoreOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  DotChartOutlined,
  FundOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  PieChartOutlined,
  TableOutlined,
  RadarChartOutlined,
  BoxPlotOutlined,
  FunnelPlotOutlined,
  DashboardOutlined,
  ApartmentOutlined,
  NumberOutlined,
  FontSizeOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Menu, Modal, theme, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { CHART_CATEGORIES, listChartPlugins, type ChartPlugin } from '@tessera/charts';

const ALL = 'All charts';

/** A recognisable icon per viz type family (plugins ship no thumbnails). */
function vizIcon(vizType: string): ReactNode {
  if (vizType.includes('table')) return <TableOutlined />;
  if (vizType.includes('pie') || vizType.includes('sunburst')) return <PieChartOutlined />;
  if (vizType.includes('area')) return <AreaChartOutlined />;
  if (vizType.includes('bar') || vizType.includes('histogram') || vizType.includes('waterfall'))
    return <BarChartOutlined />;
  if (vizType.includes('scatter') || vizType.includes('bubble')) return <DotChartOutlined />;
  if (vizType.includes('heatmap')) return <HeatMapOutlined />;
  if (vizType.includes('radar')) return <RadarChartOutlined />;
  if (vizType.includes('box')) return <BoxPlotOutlined />;
  if (vizType.includes('funnel')) return <FunnelPlotOutlined />;
  if (vizType.includes('gauge')) return <DashboardOutlined />;
  if (vizType.includes('graph') || vizType.includes('sankey') || vizType.includes('tree'))
    return <ApartmentOutlined />;
  if (vizType.includes('big_number')) return <NumberOutlined />;
  if (vizType.includes('word')) return <FontSizeOutlined />;
  if (vizType.includes('line') || vizType.includes('timeseries')) return <LineChartOutlined />;
  return <FundOutlined />;
}

interface VizTypePickerProps {
  value: string;
  onChange: (vizType: string) => void;
}

/** The viz type control: the current type, and a gallery of every registered plugin by category. */
export function VizTypePicker({ value, onChange }: VizTypePickerProps) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const [selected, setSelected] = useState(value);
  const plugins = useMemo(
    () => listChartPlugins().filter((plugin) => plugin.metadata.deprecated !== true),
    [],
  );
  const current = plugins.find((plugin) => plugin.vizType === value);
  const categories = CHART_CATEGORIES.filter((name) =>
    plugins.some((plugin) => plugin.metadata.category === name),
  );
  const shown = plugins
    .filter((plugin) => category === ALL || plugin.metadata.category === category)
    .filter((plugin) => matches(plugin, search))
    .sort((left, right) => left.metadata.name.localeCompare(right.metadata.name));

  const choose = (vizType: string) => {
    setOpen(false);
    if (vizType !== value) onChange(vizType);
  };

  return (
    <>
      <Button
        block
        icon={vizIcon(value)}
        onClick={() => {
          setSelected(value);
          setSearch('');
          setOpen(true);
        }}
        style={{ justifyContent: 'flex-start' }}
        data-test="viz-type-control"
      >
        {current?.metadata.name ?? value}
      </Button>
      <Modal
        title="Select a visualization type"
        open={open}
        width={920}
        onCancel={() => {
          setOpen(false);
        }}
        footer={
          <Flex justify="end" gap={token.marginXS}>
            <Button
              onClick={() => {
                setOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button
              type="primary"
              onClick={() => {
                choose(selected);
              }}
              data-test="viz-type-select"
            >
              Select
            </Button>
          </Flex>
        }
        destroyOnHidden
      >
        <Flex gap={token.margin} style={{ height: 480 }}>
          <Menu
            mode="inline"
            selectedKeys={[category]}
            onClick={({ key }) => {
              setCategory(key);
            }}
            items={[ALL, ...categories].map((name) => ({
              key: name,
              label: name,
              icon: name === ALL ? <AppstoreOutlined /> : undefined,
            }))}
            style={{ width: 190, borderInlineEnd: 'none' }}
          />
          <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0 }}>
            <Input.Search
              autoFocus
              allowClear
              placeholder="Search all charts"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                if (event.target.value !== '') setCategory(ALL);
              }}
              data-test="viz-type-search"
            />
            <div style={{ overflowY: 'auto', flex: 1 }}>
              {shown.length === 0 ? <Empty description="No charts match" /> : null}
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                  gap: token.marginSM,
                }}
              >
                {shown.map((plugin) => (
                  <Card
                    key={plugin.vizType}
                    size="small"
                    hoverable
                    onClick={() => {
                      setSelected(plugin.vizType);
                    }}
                    onDoubleClick={() => {
                      choose(plugin.vizType);
                    }}
                    style={{
                      borderColor: selected === plugin.vizType ? token.colorPrimary : undefined,
                      boxShadow: selected === plugin.vizType ? `0 0 0 1px ${token.colorPrimary}` : undefined,
                      textAlign: 'center',
                    }}
                    data-test={`viz-type-${plugin.vizType}`}
                  >
                    <div style={{ fontSize: 32, color: token.colorPrimary, lineHeight: 1.4 }}>
                      {vizIcon(plugin.vizType)}
                    </div>
                    <Typography.Text style={{ fontSize: token.fontSizeSM }}>
                      {plugin.metadata.name}
                    </Typography.Text>
                  </Card>
                ))}
              </div>
            </div>
            <SelectedDescription plugin={shown.find((plugin) => plugin.vizType === selected) ?? null} />
          </Flex>
        </Flex>
      </Modal>
    </>
  );
}

function SelectedDescription({ plugin }: { plugin: ChartPlugin | null }) {
  const { token } = theme.useToken();
  if (plugin === null) return null;
  return (
    <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: token.paddingXS }}>
      <Typography.Text strong>{plugin.metadata.name}</Typography.Text>
      <Typography.Paragraph
        type="secondary"
        style={{ marginBottom: 0, fontSize: token.fontSizeSM }}
        ellipsis={{ rows: 2 }}
      >
        {plugin.metadata.description}
      </Typography.Paragraph>
    </div>
  );
}

function matches(plugin: ChartPlugin, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [plugin.metadata.name, plugin.vizType, ...plugin.metadata.tags].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
