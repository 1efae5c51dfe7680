import type { AnnotationLayerConfig } from '@tessera/contracts';
import { Alert, Checkbox, ColorPicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../shared/errors/to-api-error';
import { useListAnnotationLayersQuery } from './annotation-layers-api';
import { LAYER_STYLES, LAYER_TYPES, layerProblems, normalizedLayer } from './layer-form';

interface AnnotationLayerModalProps {
  /** The layer being edited (a new one has an empty name). */
  initial: AnnotationLayerConfig;
  /** The names of the chart's other layers: a name keys the layer's data, so it must be unique. */
  otherNames: readonly string[];
  onApply: (layer: AnnotationLayerConfig) => void;
  onCancel: () => void;
}

/** Adds or edits one annotation layer: name, type, source layer or formula, display and style. */
export function AnnotationLayerModal({ initial, otherNames, onApply, onCancel }: AnnotationLayerModalProps) {
  const [layer, setLayer] = useState(initial);
  const [tried, setTried] = useState(false);
  const native = layer.annotationType !== 'FORMULA';
  const layers = useListAnnotationLayersQuery(null, { skip: !native });
  const problems = layerProblems(layer, otherNames);
  const patch = (next: Partial<AnnotationLayerConfig>) => {
    setLayer((current) => ({ ...current, ...next }));
  };
  return (
    <Modal
      open
      title={initial.name === '' ? 'Add annotation layer' : 'Edit annotation layer'}
      okText={initial.name === '' ? 'Add' : 'Apply'}
      onOk={() => {
        setTried(true);
        if (problems.length === 0) onApply(normalizedLayer(layer));
      }}
      onCancel={onCancel}
      okButtonProps={{ 'data-test': 'annotation-layer-apply' }}
      cancelButtonProps={{ 'data-test': 'annotation-layer-cancel' }}
      destroyOnHidden
    >
      <Form layout="vertical" size="small" data-test="annotation-layer-modal">
        <Form.Item label="Name" required>
          <Input
            data-test="annotation-layer-name"
            value={layer.name}
            onChange={(event) => {
              patch({ name: event.target.value });
            }}
          />
        </Form.Item>
        <Form.Item label="Annotation layer type">
          <Select
            data-test="annotation-layer-type"
            value={layer.annotationType}
            options={LAYER_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            onChange={(annotationType: AnnotationLayerConfig['annotationType']) => {
              // The value means something else for each kind: a formula's text or a layer's id.
              patch({ annotationType, value: '' });
            }}
          />
        </Form.Item>
        {native ? (
          <>
            <Form.Item label="Annotation source">
              <Select
                data-test="annotation-layer-source"
                value="NATIVE"
                options={[{ value: 'NATIVE', label: 'Superset annotation' }]}
              />
            </Form.Item>
            <Form.Item label="Annotation layer" required>
              {layers.isError ? (
                <Alert type="error" showIcon title={errorText(layers.error)} />
              ) : (
                <Select
                  data-test="annotation-layer-value"
                  loading={layers.isFetching}
                  value={layer.value === '' ? undefined : Number(layer.value)}
                  placeholder="Choose an annotation layer"
                  options={(layers.data?.result ?? []).map((item) => ({ value: item.id, label: item.name }))}
                  onChange={(value: number) => {
                    patch({ value });
                  }}
                />
              )}
            </Form.Item>
          </>
        ) : (
          <Form.Item label="Formula" required extra="y = f(x), e.g. 2 * x + 1">
            <Input
              data-test="annotation-layer-formula"
              value={String(layer.value)}
              onChange={(event) => {
                patch({ value: event.target.value });
              }}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Checkbox
            data-test="annotation-layer-show"
            checked={layer.show}
            onChange={(event) => {
              patch({ show: event.target.checked });
            }}
          >
            Show
          </Checkbox>
          {native ? (
            <Checkbox
              data-test="annotation-layer-show-label"
              checked={layer.showLabel === true}
              onChange={(event) => {
                patch({ showLabel: event.target.checked });
              }}
            >
              Show label
            </Checkbox>
          ) : null}
        </Form.Item>
        <Form.Item label="Style">
          <Select
            data-test="annotation-layer-style"
            value={layer.style}
            options={LAYER_STYLES.map((style) => ({ value: style.value, label: style.label }))}
            onChange={(style: AnnotationLayerConfig['style']) => {
              patch({ style });
            }}
          />
        </Form.Item>
        <Form.Item label="Color">
          <ColorPicker
            data-test="annotation-layer-color"
            allowClear
            value={layer.color ?? null}
            onChangeComplete={(color) => {
              patch({ color: color.cleared ? null : color.toHexString() });
            }}
            onClear={() => {
              patch({ color: null });
            }}
          />
        </Form.Item>
        <Form.Item label="Line width">
          <InputNumber
            data-test="annotation-layer-width"
            min={0}
            max={50}
            value={layer.width}
            onChange={(width) => {
              patch({ width: width ?? 1 });
            }}
          />
        </Form.Item>
        {tried && problems.length > 0 ? (
          <Alert type="error" showIcon data-test="annotation-layer-problems" title={problems.join('. ')} />
        ) : null}
      </Form>
    </Modal>
  );
}
