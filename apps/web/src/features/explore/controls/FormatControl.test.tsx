import { fireEvent, waitFor } from '@testing-library/react';
import { BUILT_IN_CHART_PLUGINS, sharedControls, type ControlDeclaration } from '@tessera/charts';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, renderWithStore, setupDomTest } from '../../../test/dom-test';
import { birthNames } from '../state/test-fixtures';
import { ControlPanel } from './ControlPanel';
import { FormatControl } from './FormatControl';

setupDomTest();

const LINE = BUILT_IN_CHART_PLUGINS.find((plugin) => plugin.vizType === 'echarts_timeseries_line');

function optionLabels(): string[] {
  return [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent);
}

function openPicker(name: string): HTMLInputElement {
  const input = byDataTest(`select-${name}`).querySelector('input');
  if (!input) throw new Error(`no input in select-${name}`);
  fireEvent.mouseDown(input);
  return input;
}

describe('format controls', () => {
  it('are labelled format pickers on every plugin that declares one', () => {
    const formatControls: ControlDeclaration[] = BUILT_IN_CHART_PLUGINS.flatMap((plugin) =>
      plugin.controlPanel.sections
        .flatMap((section) => section.controlSetRows.flat())
        .filter((control) => /format/i.test(control.name) && control.name !== 'conditional_formatting'),
    );
    expect(formatControls.length).toBeGreaterThan(20);
    for (const control of formatControls) {
      expect(['NumberFormatControl', 'TimeFormatControl'], control.name).toContain(control.type);
      expect(control.choices?.[0]?.label, control.name).toBe('Adaptive formatting');
    }
  });

  it("show the line chart's y-axis and time formats by their labels, not their keys", () => {
    if (LINE === undefined) throw new Error('no line plugin');
    renderWithStore(
      <ControlPanel
        panel={LINE.controlPanel}
        formData={{
          viz_type: LINE.vizType,
          datasource: '3__table',
          y_axis_format: 'SMART_NUMBER',
          x_axis_time_format: 'smart_date',
        }}
        datasource={birthNames}
        errors={{}}
        controlsTransferred={[]}
        pendingFilter={null}
        onPendingFilterHandled={vi.fn()}
        onChange={vi.fn()}
      />,
    );
    for (const name of ['y_axis_format', 'x_axis_time_format']) {
      const picker = byDataTest(`select-${name}`);
      expect(picker.textContent, name).toBe('Adaptive formatting');
      // The old free-text box drew the raw key in its input, over the label.
      expect(picker.querySelector('input')?.value, name).toBe('');
    }
  });

  it('offers the labelled list and takes a typed d3 format', async () => {
    const onChange = vi.fn();
    renderWithStore(<FormatControl control={sharedControls.yAxisFormat} value=",d" onChange={onChange} />);
    expect(byDataTest('select-y_axis_format').textContent).toContain(',d (12345.432 => 12,345)');
    const input = openPicker('y_axis_format');
    await waitFor(() => {
      expect(optionLabels()).toContain('Adaptive formatting');
    });
    fireEvent.change(input, { target: { value: ',.1f' } });
    await waitFor(() => {
      expect(optionLabels()[0]).toBe(',.1f');
    });
    fireEvent.click(document.querySelectorAll('.ant-select-item-option')[0] ?? document.body);
    expect(onChange).toHaveBeenCalledWith(',.1f');
  });

  it('refuses a typed number format d3 cannot read', async () => {
    const onChange = vi.fn();
    renderWithStore(<FormatControl control={sharedControls.numberFormat} value={null} onChange={onChange} />);
    // An unset format shows the default's label as its placeholder.
    expect(byDataTest('select-number_format').textContent).toContain('Adaptive formatting');
    const input = openPicker('number_format');
    fireEvent.change(input, { target: { value: 'abc' } });
    await waitFor(() => {
      expect(optionLabels()[0]).toBe("'abc' is not a valid d3 format");
    });
    fireEvent.click(document.querySelectorAll('.ant-select-item-option')[0] ?? document.body);
    expect(onChange).not.toHaveBeenCalled();
  });
});
