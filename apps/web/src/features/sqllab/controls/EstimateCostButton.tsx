import { CalculatorOutlined } from '@ant-design/icons';
import { Button, Modal, Spin, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { estimateEditorCost } from '../run/editor-actions';
import type { CostEstimate } from '../state';
import { selectTabCost } from '../store/selectors';

function CostCell({ value }: { value: unknown }) {
  const { token } = theme.useToken();
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // Engines print plans as multi-line text (DuckDB draws boxes): keep the lines and the alignment.
  if (!text.includes('\n')) return <>{text}</>;
  return (
    <pre
      style={{
        margin: 0,
        maxHeight: 360,
        overflow: 'auto',
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        lineHeight: 1.25,
      }}
    >
      {text}
    </pre>
  );
}

function CostTable({ cost }: { cost: Record<string, unknown>[] }) {
  const keys = [...new Set(cost.flatMap((row) => Object.keys(row)))];
  const rows = cost.map((row, index) => ({ ...row, key: index, statement: index + 1 }));
  return (
    <Table
      data-test="sqllab-estimate-result"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: 'Statement', dataIndex: 'statement', key: 'statement', width: 100 },
        ...keys.map((key) => ({
          title: key,
          key,
          render: (_value: unknown, row: Record<string, unknown>) => <CostCell value={row[key]} />,
        })),
      ]}
    />
  );
}

function EstimateBody({ estimate }: { estimate: CostEstimate | null }) {
  if (estimate?.error) {
    return (
      <Typography.Text type="danger" data-test="sqllab-estimate-error">
        {estimate.error}
      </Typography.Text>
    );
  }
  if (estimate?.completed !== true || estimate.cost === null) return <Spin />;
  return <CostTable cost={estimate.cost} />;
}

/**
 * Estimates the cost of the tab's SQL (the selection if any) with the engine's EXPLAIN. Shown for every
 * database: the server estimates on all of its engines, so the ESTIMATE_QUERY_COST flag is not needed.
 */
export function EstimateCostButton({ editorId, disabled }: { editorId: string; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const estimate = useAppSelector((state) => selectTabCost(state, editorId));
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<CalculatorOutlined />}
        data-test="sqllab-estimate"
        disabled={disabled}
        onClick={() => {
          setOpen(true);
          void dispatch(estimateEditorCost(editorId));
        }}
      >
        Estimate cost
      </Button>
      <Modal
        open={open}
        title="Estimated cost"
        footer={null}
        width={960}
        onCancel={() => {
          setOpen(false);
        }}
      >
        <EstimateBody estimate={estimate} />
      </Modal>
    </>
  );
}
