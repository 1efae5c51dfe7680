import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { Flex, theme, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ControlFrameProps {
  name: string;
  label: string;
  description?: string;
  errors: readonly string[];
  /** Set for controls that take dataset columns or metrics by drag and drop. */
  droppable?: { canDrop: boolean };
  children: ReactNode;
}

/** Label, help, inline validation messages and (for drop targets) the drop highlight of one control. */
export function ControlFrame({ name, label, description, errors, droppable, children }: ControlFrameProps) {
  const { token } = theme.useToken();
  const { setNodeRef, isOver, active } = useDroppable({
    id: `control:${name}`,
    data: { controlName: name },
    disabled: droppable === undefined,
  });
  const highlight = droppable !== undefined && active !== null && droppable.canDrop;
  return (
    <div
      ref={setNodeRef}
      data-test={`control-${name}`}
      style={{
        marginBottom: token.marginSM,
        borderRadius: token.borderRadius,
        outline: highlight ? `1px dashed ${isOver ? token.colorPrimary : token.colorBorder}` : undefined,
        outlineOffset: 2,
        background: highlight && isOver ? token.colorPrimaryBg : undefined,
      }}
    >
      <Flex align="center" gap={token.marginXXS} style={{ marginBottom: token.marginXXS }}>
        <Typography.Text strong style={{ fontSize: token.fontSizeSM }}>
          {label}
        </Typography.Text>
        {description ? (
          <Tooltip title={description}>
            <InfoCircleOutlined style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }} />
          </Tooltip>
        ) : null}
        {errors.length > 0 ? (
          <Tooltip title={errors.join('. ')}>
            <WarningOutlined style={{ color: token.colorError, fontSize: token.fontSizeSM }} />
          </Tooltip>
        ) : null}
      </Flex>
      {children}
      {errors.length > 0 ? (
        <Typography.Text
          type="danger"
          style={{ fontSize: token.fontSizeSM }}
          data-test={`control-error-${name}`}
        >
          {errors.join('. ')}
        </Typography.Text>
      ) : null}
    </div>
  );
}
