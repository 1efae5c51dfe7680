import { Button, Flex, Input, Select, Tabs, theme } from 'antd';
import { useState } from 'react';
import { ADHOC_FILTER_OPERATORS, NO_TIME_RANGE, type ExploreDatasource } from '@tessera/contracts';
import { TEMPORAL_RANGE } from '@tessera/core';
import {
  FILTER_CLAUSES,
  isCompleteFilter,
  isTemporalColumn,
  MULTI_VALUE_OPERATORS,
  operatorTakesValue,
  type AdhocFilterValue,
} from './adhoc';
import { isValidTimeRange, timeRangeKind, type TimeRangeKind } from './time-range';
import { TimeRangeEditor } from './TimeRangeEditor';

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

// A time range only means something on a temporal column.
const NON_TEMPORAL_OPERATORS = ADHOC_FILTER_OPERATORS.filter((operator) => operator !== TEMPORAL_RANGE);
const TEMPORAL_OPERATORS = [
  TEMPORAL_RANGE,
  ...NON_TEMPORAL_OPERATORS,
] as const satisfies readonly (typeof ADHOC_FILTER_OPERATORS)[number][];
/** Spec 001 §5: pasted text is split on comma, CRLF, LF, tab or semicolon. */
const VALUE_SEPARATORS = [',', '\r\n', '\n', '\t', ';'];

function comparatorText(comparator: unknown): string {
  if (typeof comparator === 'string' || typeof comparator === 'number' || typeof comparator === 'boolean')
    return String(comparator);
  return '';
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
  const [filter, setFilter] = useState<AdhocFilterValue>(initial);
  const column = datasource.columns.find((item) => item.column_name === filter.subject);
  const numeric = column?.type_generic === 0;
  const temporal = isTemporalColumn(column);
  const timeRange = filter.operator === TEMPORAL_RANGE;
  const rangeText = typeof filter.comparator === 'string' ? filter.comparator : NO_TIME_RANGE;
  const [rangeKind, setRangeKind] = useState<TimeRangeKind>(timeRangeKind(rangeText));
  const toValue = (text: string): string | number =>
    numeric && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  const update = (patch: Partial<AdhocFilterValue>) => {
    setFilter((current) => ({ ...current, ...patch }));
  };
  const multiValue = MULTI_VALUE_OPERATORS.has(filter.operator ?? '');
  const listValue = (Array.isArray(filter.comparator) ? filter.comparator : []).map(String);
  const singleValue = comparatorText(filter.comparator);

  const changeSubject = (subject: string) => {
    const next = datasource.columns.find((item) => item.column_name === subject);
    const untouched =
      filter.operator === 'IN' && Array.isArray(filter.comparator) && filter.comparator.length === 0;
    // A fresh filter on a time column starts as a time range; a range cannot stay on other columns.
    if (isTemporalColumn(next) && untouched) {
      setRangeKind('none');
      update({ subject, operator: TEMPORAL_RANGE, comparator: NO_TIME_RANGE });
    } else if (!isTemporalColumn(next) && timeRange) update({ subject, operator: 'IN', comparator: [] });
    else update({ subject });
  };

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
                  options={(temporal ? TEMPORAL_OPERATORS : NON_TEMPORAL_OPERATORS).map((operator) => ({
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
                    <Select
                      mode="tags"
                      open={false}
                      suffix={null}
                      tokenSeparators={VALUE_SEPARATORS}
                      placeholder="Type values, Enter after each"
                      value={listValue}
                      onChange={(values: string[]) => {
                        update({ comparator: values.map(toValue) });
                      }}
                      data-test="filter-values"
                    />
                  ) : (
                    <Input
                      placeholder="Value"
                      value={singleValue}
                      onChange={(event) => {
                        update({ comparator: toValue(event.target.value) });
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
