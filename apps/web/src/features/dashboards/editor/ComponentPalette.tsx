import {
  BorderHorizontalOutlined,
  ColumnWidthOutlined,
  FontSizeOutlined,
  FileMarkdownOutlined,
  LineOutlined,
  InsertRowBelowOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import type { NewComponentType } from '../layout-ops';
import type { DragData } from './drag-data';

interface PaletteEntry {
  type: Exclude<NewComponentType, 'CHART'>;
  label: string;
  icon: ReactNode;
}

export const PALETTE_ENTRIES: readonly PaletteEntry[] = [
  { type: 'TABS', label: 'Tabs', icon: <BorderHorizontalOutlined /> },
  { type: 'ROW', label: 'Row', icon: <InsertRowBelowOutlined /> },
  { type: 'COLUMN', label: 'Column', icon: <ColumnWidthOutlined /> },
  { type: 'HEADER', label: 'Header', icon: <FontSizeOutlined /> },
  { type: 'MARKDOWN', label: 'Text / Markdown', icon: <FileMarkdownOutlined /> },
  { type: 'DIVIDER', label: 'Divider', icon: <LineOutlined /> },
];

function PaletteItem({ entry }: { entry: PaletteEntry }) {
  const { token } = theme.useToken();
  const data: DragData = { dragged: { kind: 'new', type: entry.type }, label: entry.label };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `new:${entry.type}`, data });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-test={`new-component-${entry.type.toLowerCase()}`}
      aria-label={`Add ${entry.label}`}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '10px 12px',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: token.colorText,
        cursor: 'grab',
        touchAction: 'none',
        opacity: isDragging ? 0.5 : 1,
        userSelect: 'none',
      }}
    >
      <span
        style={{
          display: 'inline-flex',
          width: 28,
          height: 28,
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: token.borderRadiusSM,
          background: token.colorFillSecondary,
          color: token.colorTextSecondary,
        }}
      >
        {entry.icon}
      </span>
      {entry.label}
    </div>
  );
}

/** The layout elements that can be dragged onto the dashboard (spec 001 §2: tabs, rows, columns, …). */
export function ComponentPalette() {
  return (
    <div data-test="dashboard-component-palette" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {PALETTE_ENTRIES.map((entry) => (
        <PaletteItem key={entry.type} entry={entry} />
      ))}
    </div>
  );
}
