import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ExploreDatasource } from '@tessera/contracts';
import { Button, Flex, Select, Typography } from 'antd';
import type { MappingDraft, MappingSideDraft } from './scoping-model';

interface MappingEditorProps {
  datasets: readonly ExploreDatasource[];
  mappings: readonly MappingDraft[];
  errors: Record<number, string>;
  onChange: (mappings: MappingDraft[]) => void;
}

const EMPTY_SIDE: MappingSideDraft = { datasetId: null, column: null };

function SideEditor({
  datasets,
  side,
  name,
  onChange,
}: {
  datasets: readonly ExploreDatasource[];
  side: MappingSideDraft;
  name: 'source' | 'target';
  onChange: (side: MappingSideDraft) => void;
}) {
  const dataset = datasets.find((d) => d.id === side.datasetId);
  return (
    <Flex gap={4} style={{ flex: 1 }}>
      <Select
        placeholder="Dataset"
        value={side.datasetId}
        options={datasets.map((d) => ({ value: d.id, label: d.table_name }))}
        onChange={(datasetId: number) => onChange({ datasetId, column: null })}
        style={{ width: '50%' }}
        data-test={`cross-filter-mapping-${name}-dataset`}
      />
      <Select
        placeholder="Column"
        showSearch
        value={side.column}
        disabled={dataset === undefined}
        options={(dataset?.columns ?? []).map((c) => ({ value: c.column_name, label: c.column_name }))}
        onChange={(column: string) => onChange({ ...side, column })}
        style={{ width: '50%' }}
        data-test={`cross-filter-mapping-${name}-column`}
      />
    </Flex>
  );
}

/**
 * Cross-dataset mappings (Tessera beyond Superset): pairs of columns on two datasets that stand for
 * each other, so a native filter or a cross-filter on one also narrows charts on the other.
 */
export function MappingEditor({ datasets, mappings, errors, onChange }: MappingEditorProps) {
  const set = (index: number, next: MappingDraft) =>
    onChange(mappings.map((m, i) => (i === index ? next : m)));
  return (
    <Flex vertical gap={8} data-test="cross-filter-mappings">
      <Typography.Text type="secondary">
        A filter on a column also filters the charts on another dataset through the column mapped to it.
      </Typography.Text>
      {mappings.map((mapping, index) => (
        <Flex vertical key={index} data-test="cross-filter-mapping-row">
          <Flex gap={8} align="center">
            <SideEditor
              datasets={datasets}
              side={mapping.source}
              name="source"
              onChange={(source) => set(index, { ...mapping, source })}
            />
            <span aria-hidden>↔</span>
            <SideEditor
              datasets={datasets}
              side={mapping.target}
              name="target"
              onChange={(target) => set(index, { ...mapping, target })}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label="Remove mapping"
              onClick={() => onChange(mappings.filter((_, i) => i !== index))}
              data-test="cross-filter-mapping-remove"
            />
          </Flex>
          {errors[index] === undefined ? null : (
            <Typography.Text type="danger" data-test="cross-filter-mapping-error">
              {errors[index]}
            </Typography.Text>
          )}
        </Flex>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange([...mappings, { source: EMPTY_SIDE, target: EMPTY_SIDE }])}
        style={{ alignSelf: 'start' }}
        data-test="cross-filter-mapping-add"
      >
        Add mapping
      </Button>
    </Flex>
  );
}
