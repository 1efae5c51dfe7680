import { Select } from 'antd';
import type { DatasourceColumn, ExploreDatasource } from '@tessera/contracts';
import { isRecord } from '@tessera/core';

interface ColumnSelectControlProps {
  name: string;
  multi: boolean;
  temporalOnly: boolean;
  value: unknown;
  datasource: ExploreDatasource;
  onChange: (value: unknown) => void;
}

function columnName(value: unknown): string | null {
  if (typeof value === 'string') return value;
  // An adhoc column keeps its SQL in the form data; the select shows its label.
  if (isRecord(value) && typeof value.label === 'string') return value.label;
  return null;
}

export function columnOptions(columns: readonly DatasourceColumn[], temporalOnly: boolean) {
  return columns
    .filter((column) => (temporalOnly ? column.is_dttm : column.groupby))
    .map((column) => ({ value: column.column_name, label: column.verbose_name ?? column.column_name }));
}

/** Groupby, column and temporal column controls: a searchable select of the dataset's columns. */
export function ColumnSelectControl({
  name,
  multi,
  temporalOnly,
  value,
  datasource,
  onChange,
}: ColumnSelectControlProps) {
  const options = columnOptions(datasource.columns, temporalOnly);
  if (multi) {
    const selected = (Array.isArray(value) ? value : [])
      .map(columnName)
      .filter((item): item is string => item !== null);
    return (
      <Select
        mode="multiple"
        allowClear
        style={{ width: '100%' }}
        placeholder="Drop columns here or click"
        value={selected}
        options={options}
        onChange={(next: string[]) => {
          onChange(next);
        }}
        data-test={`select-${name}`}
      />
    );
  }
  return (
    <Select
      allowClear
      showSearch
      style={{ width: '100%' }}
      placeholder={temporalOnly ? 'Select a temporal column' : 'Select a column'}
      value={columnName(value)}
      options={options}
      onChange={(next: string | undefined) => {
        onChange(next ?? null);
      }}
      data-test={`select-${name}`}
    />
  );
}
