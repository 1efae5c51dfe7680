import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import type { FilterOrDivider } from '@tessera/contracts';
import { Button, Flex, theme, Tooltip, Typography } from 'antd';
import { useState } from 'react';

export interface ListEntry {
  item: FilterOrDivider;
  /** Deleted, restorable until this time (ms since epoch). */
  deletedUntil: number | null;
}

interface FilterListProps {
  entries: readonly ListEntry[];
  selectedId: string | null;
  invalidIds: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  onUndo: (id: string) => void;
  onDuplicate: (id: string) => void;
  onMove: (from: number, to: number) => void;
}

function itemTitle(item: FilterOrDivider): string {
  if (item.type === 'DIVIDER') return item.title === '' ? '[untitled divider]' : item.title;
  return item.name === '' ? '[untitled]' : item.name;
}

/** The modal's list: filters and dividers, reordered by drag, each with duplicate and remove (5 s undo). */
export function FilterList({
  entries,
  selectedId,
  invalidIds,
  onSelect,
  onDelete,
  onUndo,
  onDuplicate,
  onMove,
}: FilterListProps) {
  const { token } = theme.useToken();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  return (
    <Flex vertical gap={4} data-test="filter-config-list">
      {entries.map((entry, index) => {
        const { item } = entry;
        if (entry.deletedUntil !== null) {
          return (
            <Flex
              key={item.id}
              align="center"
              gap={4}
              style={{
                padding: '4px 8px',
                background: token.colorFillQuaternary,
                borderRadius: token.borderRadius,
              }}
              data-test="filter-config-removed"
            >
              <Typography.Text type="secondary" style={{ flex: 1 }} ellipsis>
                {itemTitle(item)} was removed.
              </Typography.Text>
              <Button size="small" type="link" onClick={() => onUndo(item.id)} data-test="filter-config-undo">
                Undo?
              </Button>
            </Flex>
          );
        }
        const selected = item.id === selectedId;
        return (
          <Flex
            key={item.id}
            align="center"
            gap={4}
            draggable
            onDragStart={(event) => {
              setDragFrom(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom !== null) onMove(dragFrom, index);
              setDragFrom(null);
            }}
            onClick={() => onSelect(item.id)}
            style={{
              padding: '4px 8px',
              cursor: 'pointer',
              borderRadius: token.borderRadius,
              background: selected ? token.controlItemBgActive : undefined,
              border: `1px solid ${invalidIds.has(item.id) ? token.colorError : 'transparent'}`,
            }}
            data-test="filter-config-item"
            data-item-id={item.id}
            data-selected={selected ? 'true' : 'false'}
          >
            <HolderOutlined style={{ cursor: 'grab', color: token.colorTextTertiary }} />
            <Typography.Text
              style={{ flex: 1 }}
              ellipsis
              type={item.type === 'DIVIDER' ? 'secondary' : undefined}
              italic={item.type === 'DIVIDER'}
            >
              {itemTitle(item)}
            </Typography.Text>
            <Tooltip title="Duplicate">
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label="Duplicate"
                onClick={(event) => {
                  event.stopPropagation();
                  onDuplicate(item.id);
                }}
                data-test="filter-config-duplicate"
              />
            </Tooltip>
            <Tooltip title="Remove">
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label="Remove"
                onClick={(event) => {
                  event.stopPropagation();
                  onDelete(item.id);
                }}
                data-test="filter-config-delete"
              />
            </Tooltip>
          </Flex>
        );
      })}
    </Flex>
  );
}
