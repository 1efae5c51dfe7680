import type { DatasetListItem } from '@tessera/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { exploreDatasetPath } from '../../explore/paths';
import { vizTypeName } from '../viz-names';
import { DatasetPicker } from './DatasetPicker';
import { VizGallery } from './VizGallery';

/** /chart/add/: '+ Chart' — choose a dataset and a chart type, then Explore opens with both. */
export function ChartCreatePage() {
  const navigate = useNavigate();
  const [dataset, setDataset] = useState<DatasetListItem | null>(null);
  const [vizType, setVizType] = useState<string | null>(null);

  const open = (chosenViz: string | null) => {
    if (dataset === null || chosenViz === null) return;
    void navigate(exploreDatasetPath(dataset.id, chosenViz));
  };

  return (
    <Flex vertical gap={16} data-test="chart-create-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        Create a new chart
      </Typography.Title>
      <Card size="small" title="1. Choose a dataset">
        <DatasetPicker value={dataset} onChange={setDataset} />
      </Card>
      <Card size="small" title="2. Choose chart type">
        <VizGallery
          value={vizType}
          onChange={setVizType}
          onPick={(picked) => {
            setVizType(picked);
            open(picked);
          }}
        />
      </Card>
      <Flex align="center" justify="flex-end" gap={12}>
        <Typography.Text type="secondary" data-test="chart-create-summary">
          {dataset === null
            ? 'Choose a dataset'
            : vizType === null
              ? `${dataset.table_name}: choose a chart type`
              : `${dataset.table_name} · ${vizTypeName(vizType)}`}
        </Typography.Text>
        <Button
          type="primary"
          data-test="chart-create-submit"
          disabled={dataset === null || vizType === null}
          onClick={() => open(vizType)}
        >
          Create new chart
        </Button>
      </Flex>
    </Flex>
  );
}
