import { render } from '@testing-library/react';
import type { ControlDeclaration } from '@tessera/charts';
import { describe, expect, it, vi } from 'vitest';
import { byDataTest, setupDomTest } from '../../../test/dom-test';
import { ColorPickerControl } from './ColorPickerControl';

setupDomTest();

const control: ControlDeclaration = {
  name: 'color_picker',
  type: 'ColorPickerControl',
  label: 'Bubble Color',
  default: { r: 0, g: 122, b: 135, a: 1 },
};

describe('ColorPickerControl', () => {
  it('shows the stored colour, and the default when none is stored', () => {
    const { unmount } = render(
      <ColorPickerControl control={control} value={{ r: 255, g: 0, b: 0, a: 1 }} onChange={vi.fn()} />,
    );
    expect(byDataTest('color-picker-color_picker').textContent.toUpperCase()).toContain('#FF0000');
    unmount();
    render(<ColorPickerControl control={control} value={undefined} onChange={vi.fn()} />);
    expect(byDataTest('color-picker-color_picker').textContent.toUpperCase()).toContain('#007A87');
  });
});
