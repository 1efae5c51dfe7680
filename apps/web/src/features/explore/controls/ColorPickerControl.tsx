import { rgbaColorOf, rgbaCss, type ControlDeclaration, type RgbaColor } from '@tessera/charts';
import { ColorPicker } from 'antd';

interface ColorPickerControlProps {
  control: ControlDeclaration;
  value: unknown;
  onChange: (value: RgbaColor) => void;
}

const BLACK: RgbaColor = { r: 0, g: 0, b: 0, a: 1 };

/** A fixed colour (Superset's color_picker): the swatch opens a picker; the value is stored as {r, g, b, a}. */
export function ColorPickerControl({ control, value, onChange }: ColorPickerControlProps) {
  const fallback = rgbaColorOf(control.default, BLACK);
  return (
    <span data-test={`color-picker-${control.name}`}>
      <ColorPicker
        aria-label={control.label}
        value={rgbaCss(rgbaColorOf(value, fallback))}
        showText
        onChangeComplete={(color) => {
          const { r, g, b, a } = color.toRgb();
          onChange({ r, g, b, a });
        }}
      />
    </span>
  );
}
