import { Select } from 'antd';
import { useState } from 'react';
import { isValidNumberFormat, type ControlDeclaration } from '@tessera/charts';

interface FormatControlProps {
  control: ControlDeclaration;
  value: unknown;
  onChange: (value: string) => void;
}

interface FormatOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The value of the option that explains why typed text is not offered; it can never be chosen. */
const INVALID_OPTION = '\u0000invalid';

function formatChoices(control: ControlDeclaration): FormatOption[] {
  return (control.choices ?? []).flatMap((choice) =>
    typeof choice.value === 'string' ? [{ value: choice.value, label: choice.label }] : [],
  );
}

/**
 * Number and time format pickers (NumberFormatControl, TimeFormatControl): the labelled d3 format list
 * ('Adaptive formatting' for SMART_NUMBER or smart_date, '.3s (12345.432 => 12.3k)' …) and any d3 format
 * typed into the search box, offered as its own option. A typed number format d3 cannot read is shown
 * as a disabled option saying so, since the chart would otherwise fall back to adaptive without a word.
 */
export function FormatControl({ control, value, onChange }: FormatControlProps) {
  const [search, setSearch] = useState('');
  const choices = formatChoices(control);
  const current = typeof value === 'string' && value !== '' ? value : undefined;
  const defaultLabel = choices.find((choice) => choice.value === control.default)?.label;
  const typed = search.trim();
  const isChoice = (format: string) => choices.some((choice) => choice.value === format);

  const extra: FormatOption[] = [];
  if (typed !== '' && !isChoice(typed)) {
    const valid = control.type !== 'NumberFormatControl' || isValidNumberFormat(typed);
    extra.push(
      valid
        ? { value: typed, label: typed }
        : { value: INVALID_OPTION, label: `'${typed}' is not a valid d3 format`, disabled: true },
    );
  }
  // A custom format saved earlier shows as itself.
  if (current !== undefined && !isChoice(current) && current !== typed)
    extra.push({ value: current, label: current });

  return (
    <Select<string, FormatOption>
      style={{ width: '100%' }}
      value={current}
      placeholder={defaultLabel}
      options={[...extra, ...choices]}
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        // Typed text matches a label or the format itself; the typed option always stays.
        filterOption: (input, option) =>
          option === undefined ||
          option.value === typed ||
          option.value === INVALID_OPTION ||
          option.label.toLowerCase().includes(input.toLowerCase()) ||
          option.value.toLowerCase().includes(input.toLowerCase()),
      }}
      onChange={(next) => {
        setSearch('');
        if (next !== INVALID_OPTION) onChange(next);
      }}
      popupMatchSelectWidth={false}
      data-test={`select-${control.name}`}
    />
  );
}
