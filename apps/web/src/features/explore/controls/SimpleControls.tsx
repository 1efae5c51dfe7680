import { AutoComplete, Checkbox, Input, InputNumber, Select, Slider } from 'antd';
import type { ControlDeclaration } from '@tessera/charts';
import { displayValue } from '../display-value';

interface SimpleControlProps {
  control: ControlDeclaration;
  value: unknown;
  onChange: (value: unknown) => void;
}

type ChoiceValue = string | number | boolean | null;

function asChoiceValue(value: unknown): ChoiceValue | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
    return value;
  return undefined;
}

function choiceKey(value: ChoiceValue): string {
  return JSON.stringify(value);
}

/** Free text typed into a numeric select (row limit) is kept as a number when it is one. */
function freeFormValue(text: string, numericChoices: boolean): string | number {
  if (numericChoices && /^\s*-?\d+(\.\d+)?\s*$/.test(text)) return Number(text);
  return text;
}

/**
 * Select and colour scheme controls. A free-form single select accepts typed
 * values (spec 001 §5 'A select with allowNewOptions accepts free text'); a closed one only its choices.
 */
export function SelectControl({ control, value, onChange }: SimpleControlProps) {
  const choices = control.choices ?? [];
  const numericChoices = choices.length > 0 && choices.every((choice) => typeof choice.value === 'number');
  const testId = `select-${control.name}`;
  if (control.multi === true) {
    const list = (Array.isArray(value) ? value : [])
      .map(asChoiceValue)
      .filter((item): item is ChoiceValue => item !== undefined);
    return (
      <Select
        mode={control.freeForm === true ? 'tags' : 'multiple'}
        style={{ width: '100%' }}
        value={list.map(choiceKey)}
        options={choices.map((choice) => ({ value: choiceKey(choice.value), label: choice.label }))}
        onChange={(keys: string[]) => {
          onChange(
            keys.map((key) => choices.find((choice) => choiceKey(choice.value) === key)?.value ?? key),
          );
        }}
        data-test={testId}
      />
    );
  }
  if (control.freeForm === true) {
    const text = value === null || value === undefined ? '' : displayValue(value);
    return (
      <AutoComplete
        style={{ width: '100%' }}
        value={text}
        options={choices.map((choice) => ({ value: String(choice.value), label: choice.label }))}
        onChange={(next: string) => {
          onChange(
            next === '' ? null : freeFormValue(next, numericChoices || typeof control.default === 'number'),
          );
        }}
        // Show every choice on focus, not only those matching the current text.
        showSearch={{ filterOption: false }}
        data-test={testId}
      />
    );
  }
  const current = asChoiceValue(value);
  return (
    <Select
      style={{ width: '100%' }}
      showSearch={{
        filterOption: (input, option) => (option?.label ?? '').toLowerCase().includes(input.toLowerCase()),
      }}
      allowClear={control.default === undefined}
      value={current === undefined ? undefined : choiceKey(current)}
      options={choices.map((choice) => ({ value: choiceKey(choice.value), label: choice.label }))}
      onChange={(key: string | undefined) => {
        onChange(
          key === undefined
            ? null
            : (choices.find((choice) => choiceKey(choice.value) === key)?.value ?? null),
        );
      }}
      data-test={testId}
    />
  );
}

export function TextControl({ control, value, onChange }: SimpleControlProps) {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (control.type === 'TextAreaControl') {
    return (
      <Input.TextArea
        rows={4}
        value={text}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        data-test={`text-${control.name}`}
      />
    );
  }
  return (
    <Input
      value={text}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      data-test={`text-${control.name}`}
    />
  );
}

export function NumberControl({ control, value, onChange }: SimpleControlProps) {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
  return (
    <InputNumber
      style={{ width: '100%' }}
      min={control.min}
      max={control.max}
      step={control.step}
      value={number !== null && Number.isFinite(number) ? number : null}
      onChange={(next) => {
        onChange(next);
      }}
      data-test={`number-${control.name}`}
    />
  );
}

export function SliderControl({ control, value, onChange }: SimpleControlProps) {
  return (
    <Slider
      min={control.min ?? 0}
      max={control.max ?? 100}
      step={control.step ?? 1}
      value={typeof value === 'number' ? value : typeof control.default === 'number' ? control.default : 0}
      onChange={(next: number) => {
        onChange(next);
      }}
      data-test={`slider-${control.name}`}
    />
  );
}

export function CheckboxControl({ control, value, onChange }: SimpleControlProps) {
  return (
    <Checkbox
      checked={value === true}
      onChange={(event) => {
        onChange(event.target.checked);
      }}
      data-test={`checkbox-${control.name}`}
    >
      {control.label}
    </Checkbox>
  );
}
