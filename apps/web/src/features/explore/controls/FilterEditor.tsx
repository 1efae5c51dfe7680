import { Button, Flex, Input, Select, Tabs, theme } from 'antd';
import { useState } from 'react';
import { NO_TIME_RANGE, type DatasourceColumn, type ExploreDatasource } from '@tessera/contracts';
import { TEMPORAL_RANGE } from '@tessera/core';
import {
  FILTER_CLAUSES,
  isCompleteFilter,
  isTemporalColumn,
  MULTI_VALUE_OPERATORS,
  operatorTakesValue,
  type AdhocFilterValue,
} from './adhoc';
import { defaultOperatorFor, operatorsForColumn } from './filter-operators';
import { isValidTimeRange, timeRangeKind, type TimeRangeKind } from './time-range';
import { TimeRangeEditor } from './TimeRangeEditor';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type { AsyncSelectOption } from '../../../shared/ui/async-select/async-select-rules';
import { useFilterValueChoices } from './filter-value-choices';

const OPERATOR_LABELS: Partial<Record<string, string>> = {
  '==': 'Equal to (=)',
  '!=': 'Not equal to (≠)',
  '<': 'Less than (<)',
  '<=': 'Less or equal (<=)',
  '>': 'Greater than (>)',
  '>=': 'Greater or equal (>=)',
  IN: 'In',
  'NOT IN': 'Not in',
  LIKE: 'Like',
  'NOT LIKE': 'Not like',
  ILIKE: 'Like (case insensitive)',
  'IS NULL': 'Is null',
  'IS NOT NULL': 'Is not null',
  'IS TRUE': 'Is true',
  'IS FALSE': 'Is false',
  'LATEST PARTITION': 'Latest partition',
  TEMPORAL_RANGE: 'Time range',
};

/** A saved comparator value as a picker choice: numbers stay numbers, anything else shows as its text. */
function comparatorChoice(comparator: unknown): AsyncSelectOption | null {
  if (typeof comparator === 'number') return { value: comparator, label: String(comparator) };
  if (typeof comparator === 'string' && comparator !== '') return { value: comparator, label: comparator };
  if (typeof comparator === 'boolean') return { value: String(comparator), label: String(comparator) };
  return null;
}

type ColumnType = Pick<DatasourceColumn, 'is_dttm' | 'type_generic'> | undefined;

/** The filter with an operator its column offers: an untouched list filter on a time column becomes a range. */
function withFittingOperator(filter: AdhocFilterValue, column: ColumnType): AdhocFilterValue {
  if (filter.expressionType === 'SQL' || filter.subject === undefined || filter.subject === '') return filter;
  const untouched =
    filter.operator === 'IN' && Array.isArray(filter.comparator) && filter.comparator.length === 0;
  if (isTemporalColumn(column) && untouched)
    return { ...filter, operator: TEMPORAL_RANGE, comparator: NO_TIME_RANGE };
  const offered: readonly string[] = operatorsForColumn(column);
  if (filter.operator !== undefined && offered.includes(filter.operator)) return filter;
  const operator = defaultOperatorFor(column);
  return {
    ...filter,
    operator,
    comparator: !operatorTakesValue(operator) ? null : MULTI_VALUE_OPERATORS.has(operator) ? [] : '',
  };
}

interface FilterEditorProps {
  datasource: ExploreDatasource;
  initial: AdhocFilterValue;
  onSave: (filter: AdhocFilterValue) => void;
  onCancel: () => void;
}

/** The adhoc filter popover: Simple (column, operator, value(s)) or Custom SQL (WHERE or HAVING). */
export function FilterEditor({ datasource, initial, onSave, onCancel }: FilterEditorProps) {
  const { token } = theme.useToken();
  const columnOf = (subject: string | undefined) =>
    datasource.columns.find((item) => item.column_name === subject);
  // A filter opened untouched (a column just dropped) starts with an operator its column offers.
  const [filter, setFilter] = useState<AdhocFilterValue>(() =>
    initial.operator === 'IN' && Array.isArray(initial.comparator) && initial.comparator.length === 0
      ? withFittingOperator(initial, columnOf(initial.subject))
      : initial,
  );
  const column = columnOf(filter.subject);
  const numeric = column?.type_generic === 0;
  const timeRange = filter.operator === TEMPORAL_RANGE;
  const rangeText = typeof filter.comparator === 'string' ? filter.comparator : NO_TIME_RANGE;
  const [rangeKind, setRangeKind] = useState<TimeRangeKind>(timeRangeKind(rangeText));
  // Typed text on a numeric column is compared as a number, as the server's values are.
  const toValue = (value: string | number): string | number =>
    typeof value === 'string' && numeric && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : value;
  const fetchValues = useFilterValueChoices(datasource, filter.subject, column);
  const update = (patch: Partial<AdhocFilterValue>) => {
    setFilter((current) => ({ ...current, ...patch }));
  };
  const multiValue = MULTI_VALUE_OPERATORS.has(filter.operator ?? '');
  const listValue = (Array.isArray(filter.comparator) ? filter.comparator : [])
    .map(comparatorChoice)
    .filter((choice): choice is AsyncSelectOption => choice !== null);
  const singleValue = comparatorChoice(filter.comparator);
  // A new column's values replace the old one's.
  const valuesKey = `${String(datasource.id)}:${filter.subject ?? ''}`;

  // A fresh filter on a time column starts as a time range; an operator the new column does not
  // offer (a range on text, LIKE on a date) gives way to the column's default one.
  const changeSubject = (subject: string) => {
    const next = withFittingOperator({ ...filter, subject }, columnOf(subject));
    if (next.operator === TEMPORAL_RANGE && !timeRange) setRangeKind('none');
    setFilter(next);
  };
  // A saved filter keeps showing its operator even where the column would not offer it.
  const offeredOperators: readonly string[] = operatorsForColumn(column);
  const operatorChoices =
    filter.operator === undefined || offeredOperators.includes(filter.operator)
      ? offeredOperators
      : [...offeredOperators, filter.operator];

  const changeOperator = (operator: string) => {
    if (operator === TEMPORAL_RANGE) {
      setRangeKind('none');
      update({ operator, comparator: NO_TIME_RANGE });
      return;
    }
    const nowMulti = MULTI_VALUE_OPERATORS.has(operator);
    // Keep what the user typed when switching between one value and a list.
    let comparator: unknown = filter.comparator;
    if (!operatorTakesValue(operator)) comparator = null;
    else if (timeRange) comparator = nowMulti ? [] : '';
    else if (nowMulti && !Array.isArray(comparator))
      comparator = comparator === null || comparator === undefined || comparator === '' ? [] : [comparator];
    else if (!nowMulti && Array.isArray(comparator)) comparator = comparator[0] ?? '';
    update({ operator, comparator });
  };

  return (
    <div style={{ width: timeRange ? 500 : 380 }} data-test="filter-editor">
      <Tabs
        size="small"
        activeKey={filter.expressionType}
        onChange={(key) => {
          update({ expressionType: key === 'SQL' ? 'SQL' : 'SIMPLE' });
        }}
        items={[
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: (
              <Flex vertical gap={token.marginXS}>
                <Select
                  showSearch
                  placeholder="Column"
                  value={filter.subject ?? null}
                  onChange={changeSubject}
                  options={datasource.columns
                    .filter((item) => item.filterable)
                    .map((item) => ({
                      value: item.column_name,
                      label: item.verbose_name ?? item.column_name,
                    }))}
                  data-test="filter-column-select"
                />
                <Select
                  value={filter.operator ?? null}
                  onChange={changeOperator}
                  options={operatorChoices.map((operator) => ({
                    value: operator,
                    label: OPERATOR_LABELS[operator] ?? operator,
                  }))}
                  data-test="filter-operator-select"
                />
                {timeRange ? (
                  <TimeRangeEditor
                    value={rangeText}
                    kind={rangeKind}
                    column={filter.subject ?? 'col'}
                    onChange={(comparator, kind) => {
                      setRangeKind(kind);
                      update({ comparator });
                    }}
                  />
                ) : operatorTakesValue(filter.operator) ? (
                  multiValue ? (
                    <AsyncSelect
                      mode="multiple"
                      allowNewOptions
                      fetchOptions={fetchValues}
                      reloadKey={valuesKey}
                      placeholder="Pick or type values"
                      aria-label="Filter values"
                      value={listValue}
                      onChange={(choices) => {
                        update({ comparator: choices.map((choice) => toValue(choice.value)) });
                      }}
                      data-test="filter-values"
                    />
                  ) : (
                    <AsyncSelect
                      allowNewOptions
                      allowClear
                      fetchOptions={fetchValues}
                      reloadKey={valuesKey}
                      placeholder="Pick or type a value"
                      aria-label="Filter value"
                      value={singleValue}
                      onChange={(choice) => {
                        update({ comparator: choice === null ? '' : toValue(choice.value) });
                      }}
                      data-test="filter-value"
                    />
                  )
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <Flex vertical gap={token.marginXS}>
                <Select
                  value={filter.clause}
                  onChange={(clause: AdhocFilterValue['clause']) => {
                    update({ clause });
                  }}
                  options={FILTER_CLAUSES.map((clause) => ({ value: clause, label: clause }))}
                  data-test="filter-clause-select"
                />
                <Input.TextArea
                  rows={4}
                  placeholder={filter.clause === 'WHERE' ? "e.g. state = 'CA'" : 'e.g. SUM(num) > 1000'}
                  value={filter.sqlExpression ?? ''}
                  onChange={(event) => {
                    update({ sqlExpression: event.target.value });
                  }}
                  style={{ fontFamily: token.fontFamilyCode }}
                  data-test="filter-sql"
                />
              </Flex>
            ),
          },
        ]}
      />
      <Flex justify="end" gap={token.marginXS} style={{ marginTop: token.marginSM }}>
        <Button size="small" onClick={onCancel} data-test="filter-cancel">
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!isCompleteFilter(filter) || (timeRange && !isValidTimeRange(rangeText))}
          onClick={() => {
            onSave(filter);
          }}
          data-test="filter-save"
        >
          Save
        </Button>
      </Flex>
    </div>
  );
}
