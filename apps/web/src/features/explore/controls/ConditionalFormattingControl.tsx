import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Flex, InputNumber, Select, theme } from 'antd';
import { isRecord } from '@tessera/core';

/** Operators of the table's `conditional_formatting` rules (Superset's names, shared with the plugin). */
const OPERATORS = ['None', '>', '<', '≥', '≤', '=', '≠', '< x <', '≤ x ≤', '≤ x <', '< x ≤'] as const;
const DEFAULT_COLOR = '#ACE1C4';

interface Rule {
  column?: string;
  operator: string;
  colorScheme: string;
  targetValue?: number | null;
  targetValueLeft?: number | null;
  targetValueRight?: number | null;
}

function asRules(value: unknown): Rule[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => ({
    column: typeof item.column === 'string' ? item.column : undefined,
    operator: typeof item.operator === 'string' ? item.operator : 'None',
    colorScheme: typeof item.colorScheme === 'string' ? item.colorScheme : DEFAULT_COLOR,
    targetValue: typeof item.targetValue === 'number' ? item.targetValue : null,
    targetValueLeft: typeof item.targetValueLeft === 'number' ? item.targetValueLeft : null,
    targetValueRight: typeof item.targetValueRight === 'number' ? item.targetValueRight : null,
  }));
}

interface ConditionalFormattingControlProps {
  name: string;
  value: unknown;
  /** Columns a rule can target: the chart's metric labels and numeric columns. */
  columns: readonly string[];
  onChange: (value: unknown) => void;
}

/** Rules colouring table cells: column, comparison, bound(s) and a colour. */
export function ConditionalFormattingControl({
  name,
  value,
  columns,
  onChange,
}: ConditionalFormattingControlProps) {
  const { token } = theme.useToken();
  const rules = asRules(value);
  const update = (index: number, patch: Partial<Rule>) => {
    onChange(rules.map((rule, position) => (position === index ? { ...rule, ...patch } : rule)));
  };
  return (
    <Flex vertical gap={token.marginXS} data-test={`conditional-formatting-${name}`}>
      {rules.map((rule, index) => {
        const between = rule.operator.includes('x');
        return (
          <Flex key={index} gap={token.marginXXS} align="center" wrap>
            <Select
              size="small"
              style={{ width: 110 }}
              placeholder="Column"
              value={rule.column}
              options={columns.map((column) => ({ value: column, label: column }))}
              onChange={(column: string) => {
                update(index, { column });
              }}
            />
            <Select
              size="small"
              style={{ width: 76 }}
              value={rule.operator}
              options={OPERATORS.map((operator) => ({ value: operator, label: operator }))}
              onChange={(operator: string) => {
                update(index, { operator });
              }}
            />
            {rule.operator === 'None' ? null : between ? (
              <>
                <InputNumber
                  size="small"
                  style={{ width: 64 }}
                  value={rule.targetValueLeft}
                  onChange={(next) => {
                    update(index, { targetValueLeft: next });
                  }}
                />
                <InputNumber
                  size="small"
                  style={{ width: 64 }}
                  value={rule.targetValueRight}
                  onChange={(next) => {
                    update(index, { targetValueRight: next });
                  }}
                />
              </>
            ) : (
              <InputNumber
                size="small"
                style={{ width: 72 }}
                value={rule.targetValue}
                onChange={(next) => {
                  update(index, { targetValue: next });
                }}
              />
            )}
            <ColorPicker
              size="small"
              value={rule.colorScheme}
              onChangeComplete={(color) => {
                update(index, { colorScheme: color.toHexString() });
              }}
            />
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label="Remove rule"
              onClick={() => {
                onChange(rules.filter((_, position) => position !== index));
              }}
            />
          </Flex>
        );
      })}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => {
          onChange([
            ...rules,
            { column: columns[0], operator: '>', colorScheme: DEFAULT_COLOR, targetValue: 0 },
          ]);
        }}
      >
        Add rule
      </Button>
    </Flex>
  );
}
