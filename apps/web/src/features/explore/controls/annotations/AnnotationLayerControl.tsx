import { DeleteOutlined, EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AnnotationLayerConfig } from '@tessera/contracts';
import { Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { AnnotationLayerModal } from './AnnotationLayerModal';
import { LAYER_TYPES, layersOf, newLayer } from './layer-form';

interface AnnotationLayerControlProps {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The chart state's annotationQuery / annotationError: a layer shows it is loading or why it failed. */
  loading: ReadonlySet<string>;
  errors: Readonly<Record<string, string>>;
}

const typeLabel = (type: AnnotationLayerConfig['annotationType']): string =>
  LAYER_TYPES.find((item) => item.value === type)?.label ?? type;

/** Explore's 'Annotation Layers' control: the chart's layers, each opened to edit, with add and remove. */
export function AnnotationLayerControl({
  name,
  value,
  onChange,
  loading,
  errors,
}: AnnotationLayerControlProps) {
  const { token } = theme.useToken();
  const raw: unknown[] = Array.isArray(value) ? value : [];
  const layers = layersOf(value);
  // null: closed; -1: adding; otherwise the index being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const edited = editing === null ? null : editing === -1 ? newLayer() : (layers[editing] ?? null);
  const otherNames = layers.flatMap((layer, index) =>
    layer !== null && index !== editing ? [layer.name] : [],
  );
  return (
    <Flex vertical gap={token.marginXS} data-test={`annotation-layers-${name}`}>
      {layers.map((layer, index) =>
        layer === null ? null : (
          <Flex key={`${layer.name}-${String(index)}`} gap={token.marginXXS} align="center">
            <Button
              size="small"
              type="link"
              data-test="annotation-layer-item"
              onClick={() => {
                setEditing(index);
              }}
            >
              {layer.name}
            </Button>
            <Tag>{typeLabel(layer.annotationType)}</Tag>
            {layer.show ? null : <EyeInvisibleOutlined aria-label="Hidden" />}
            {loading.has(layer.name) ? <Typography.Text type="secondary">Loading…</Typography.Text> : null}
            {errors[layer.name] !== undefined ? (
              <Tooltip title={errors[layer.name]}>
                <Typography.Text type="danger" data-test="annotation-layer-error">
                  {errors[layer.name]}
                </Typography.Text>
              </Tooltip>
            ) : null}
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={`Remove ${layer.name}`}
              data-test="annotation-layer-remove"
              onClick={() => {
                onChange(raw.filter((_, position) => position !== index));
              }}
            />
          </Flex>
        ),
      )}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        data-test="annotation-layer-add"
        onClick={() => {
          setEditing(-1);
        }}
      >
        Add annotation layer
      </Button>
      {edited !== null && editing !== null ? (
        <AnnotationLayerModal
          initial={edited}
          otherNames={otherNames}
          onCancel={() => {
            setEditing(null);
          }}
          onApply={(layer) => {
            onChange(
              editing === -1
                ? [...raw, layer]
                : raw.map((item, position) => (position === editing ? layer : item)),
            );
            setEditing(null);
          }}
        />
      ) : null}
    </Flex>
  );
}
