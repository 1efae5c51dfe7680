import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ListToolbarProps {
  title: string;
  /** The search box and buttons shown at the right of the title. */
  children: ReactNode;
}

/** The header of a list page: its title, and its search and actions. */
export function ListToolbar({ title, children }: ListToolbarProps) {
  return (
    <Flex align="center" justify="space-between" gap={16} wrap>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={8} wrap>
        {children}
      </Flex>
    </Flex>
  );
}
