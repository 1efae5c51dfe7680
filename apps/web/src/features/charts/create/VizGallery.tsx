import { listChartPlugins, type ChartPlugin } from '@tessera/charts';
import { Card, Empty, Flex, Input, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';

function matches(plugin: ChartPlugin, needle: string): boolean {
  if (needle === '') return true;
  return [plugin.metadata.name, plugin.vizType, ...plugin.metadata.tags].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

interface VizGalleryProps {
  value: string | null;
  onChange: (vizType: string) => void;
  /** A double click picks and goes on. */
  onPick: (vizType: string) => void;
}

/** Every registered, non-deprecated chart type by name, searchable; the chosen one is outlined. */
export function VizGallery({ value, onChange, onPick }: VizGalleryProps) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const plugins = useMemo(
    () =>
      listChartPlugins()
        .filter((plugin) => plugin.metadata.deprecated !== true)
        .sort((left, right) => left.metadata.name.localeCompare(right.metadata.name)),
    [],
  );
  const shown = plugins.filter((plugin) => matches(plugin, search.trim().toLowerCase()));
  return (
    <Flex vertical gap={token.marginSM} data-test="chart-create-viz-gallery">
      <Input.Search
        allowClear
        placeholder="Search all charts"
        style={{ maxWidth: 320 }}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-test="chart-create-viz-search"
      />
      {shown.length === 0 ? <Empty data-test="chart-create-viz-empty" description="No charts match" /> : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
          gap: token.marginSM,
        }}
      >
        {shown.map((plugin) => {
          const chosen = plugin.vizType === value;
          return (
            <Card
              key={plugin.vizType}
              size="small"
              hoverable
              role="button"
              aria-pressed={chosen}
              tabIndex={0}
              data-test={`chart-create-viz-${plugin.vizType}`}
              onClick={() => onChange(plugin.vizType)}
              onDoubleClick={() => onPick(plugin.vizType)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') onChange(plugin.vizType);
              }}
              style={{
                borderColor: chosen ? token.colorPrimary : undefined,
                boxShadow: chosen ? `0 0 0 1px ${token.colorPrimary}` : undefined,
              }}
            >
              <Typography.Text strong>{plugin.metadata.name}</Typography.Text>
              <Typography.Paragraph
                type="secondary"
                style={{ marginBottom: 0, fontSize: token.fontSizeSM }}
                ellipsis={{ rows: 2 }}
              >
                {plugin.metadata.description}
              </Typography.Paragraph>
            </Card>
          );
        })}
      </div>
    </Flex>
  );
}
