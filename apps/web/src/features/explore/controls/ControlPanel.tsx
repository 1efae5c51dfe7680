import { Alert, Collapse, Flex, theme } from 'antd';
import { useMemo } from 'react';
import type { ControlDeclaration, ControlPanelConfig } from '@tessera/charts';
import type { ExploreDatasource } from '@tessera/contracts';
import { metricLabel, type ExploreFormData, type ValidationErrors } from '@tessera/core';
import { asMetricList } from './adhoc';
import { AnnotationLayerControl } from './annotations/AnnotationLayerControl';
import { ColumnSelectControl } from './ColumnSelectControl';
import { ColorPickerControl } from './ColorPickerControl';
import { ConditionalFormattingControl } from './ConditionalFormattingControl';
import { ControlFrame } from './ControlFrame';
import { DROP_ACCEPTS } from './dnd';
import { FilterControl } from './FilterControl';
import { FormatControl } from './FormatControl';
import { MetricsControl } from './MetricsControl';
import { CheckboxControl, NumberControl, SelectControl, SliderControl, TextControl } from './SimpleControls';
import { TimeRangeControl } from './TimeRangeControl';

export interface PendingFilter {
  control: string;
  subject: string;
}

interface ControlPanelProps {
  panel: ControlPanelConfig;
  formData: ExploreFormData;
  datasource: ExploreDatasource;
  errors: ValidationErrors;
  controlsTransferred: readonly string[];
  pendingFilter: PendingFilter | null;
  onPendingFilterHandled: () => void;
  onChange: (name: string, value: unknown) => void;
  /** The chart's annotation queries in flight and their errors, by layer name (chart state). */
  annotationStatus?: { loading: ReadonlySet<string>; errors: Readonly<Record<string, string>> };
}

const NO_ANNOTATION_STATUS = { loading: new Set<string>(), errors: {} };

/** The middle column: the plugin's sections and controls, each with its inline validation messages. */
export function ControlPanel(props: ControlPanelProps) {
  const { panel, formData, errors, controlsTransferred } = props;
  const { token } = theme.useToken();
  const defaultOpen = useMemo(
    () =>
      panel.sections
        .map((section, index) => (section.expanded === false ? null : String(index)))
        .filter((key): key is string => key !== null),
    [panel],
  );
  return (
    <Flex vertical gap={token.marginXS} data-test="control-panel">
      {controlsTransferred.length > 0 ? (
        <Alert
          type="info"
          showIcon
          closable
          title={`Kept from the previous dataset: ${controlsTransferred.join(', ')}`}
          data-test="controls-transferred"
        />
      ) : null}
      <Collapse
        size="small"
        defaultActiveKey={defaultOpen}
        items={panel.sections.map((section, index) => ({
          key: String(index),
          label: section.label,
          children: section.controlSetRows.map((row, rowIndex) => {
            const visible = row.filter(
              (control) =>
                control.visibility === undefined ||
                control.visibility({
                  ...formData,
                  viz_type: String(formData.viz_type),
                  datasource: String(formData.datasource),
                }),
            );
            if (visible.length === 0) return null;
            return (
              <Flex key={rowIndex} gap={token.marginSM}>
                {visible.map((control) => (
                  <div key={control.name} style={{ flex: 1, minWidth: 0 }}>
                    <ControlFrame
                      name={control.name}
                      label={control.type === 'CheckboxControl' ? '' : control.label}
                      description={control.description}
                      errors={errors[control.name] ?? []}
                      droppable={DROP_ACCEPTS[control.type] ? { canDrop: true } : undefined}
                    >
                      <ControlWidget {...props} control={control} />
                    </ControlFrame>
                  </div>
                ))}
              </Flex>
            );
          }),
        }))}
      />
    </Flex>
  );
}

function ControlWidget({
  control,
  formData,
  datasource,
  pendingFilter,
  onPendingFilterHandled,
  onChange,
  annotationStatus = NO_ANNOTATION_STATUS,
}: ControlPanelProps & { control: ControlDeclaration }) {
  const value = formData[control.name];
  const change = (next: unknown) => {
    onChange(control.name, next);
  };
  switch (control.type) {
    case 'MetricsControl':
    case 'MetricControl':
      return (
        <MetricsControl
          name={control.name}
          multi={control.type === 'MetricsControl' || control.multi === true}
          value={value}
          datasource={datasource}
          onChange={change}
        />
      );
    case 'GroupByControl':
    case 'ColumnControl':
    case 'TemporalColumnControl':
      return (
        <ColumnSelectControl
          name={control.name}
          multi={control.multi === true}
          temporalOnly={control.type === 'TemporalColumnControl'}
          value={value}
          datasource={datasource}
          onChange={change}
        />
      );
    case 'AdhocFilterControl':
      return (
        <FilterControl
          name={control.name}
          value={value}
          datasource={datasource}
          onChange={change}
          pendingSubject={pendingFilter?.control === control.name ? pendingFilter.subject : null}
          onPendingHandled={onPendingFilterHandled}
        />
      );
    case 'TimeRangeControl':
      return <TimeRangeControl name={control.name} value={value} onChange={change} />;
    case 'TimeGrainControl': {
      // The engine's grains when the dataset lists them, else the plugin's.
      const choices =
        datasource.time_grain_sqla.length > 0
          ? datasource.time_grain_sqla.map(([grain, label]) => ({ value: grain, label }))
          : (control.choices ?? []);
      return <SelectControl control={{ ...control, choices }} value={value} onChange={change} />;
    }
    case 'SelectControl':
    case 'ColorSchemeControl':
      return <SelectControl control={control} value={value} onChange={change} />;
    case 'NumberFormatControl':
    case 'TimeFormatControl':
      return <FormatControl control={control} value={value} onChange={change} />;
    case 'TextControl':
    case 'TextAreaControl':
      return <TextControl control={control} value={value} onChange={change} />;
    case 'NumberControl':
      return <NumberControl control={control} value={value} onChange={change} />;
    case 'SliderControl':
      return <SliderControl control={control} value={value} onChange={change} />;
    case 'CheckboxControl':
      return <CheckboxControl control={control} value={value} onChange={change} />;
    case 'ColorPickerControl':
      return <ColorPickerControl control={control} value={value} onChange={change} />;
    case 'AnnotationLayerControl':
      return (
        <AnnotationLayerControl
          name={control.name}
          value={value}
          onChange={change}
          loading={annotationStatus.loading}
          errors={annotationStatus.errors}
        />
      );
    case 'ConditionalFormattingControl': {
      const metricNames = asMetricList(formData.metrics).map(metricLabel);
      const numeric = datasource.columns
        .filter((column) => column.type_generic === 0)
        .map((column) => column.column_name);
      return (
        <ConditionalFormattingControl
          name={control.name}
          value={value}
          columns={[...new Set([...metricNames, ...numeric])]}
          onChange={change}
        />
      );
    }
  }
}
