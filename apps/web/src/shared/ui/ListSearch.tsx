import { Input } from 'antd';
import type { ListStateUpdate } from './list-query';

interface ListSearchProps {
  'data-test': string;
  placeholder: string;
  width?: number;
  onListChange: ListStateUpdate;
}

/** The search box of a list page: a search starts again at the first page. */
export function ListSearch({
  'data-test': dataTest,
  placeholder,
  width = 280,
  onListChange,
}: ListSearchProps) {
  return (
    <Input.Search
      data-test={dataTest}
      placeholder={placeholder}
      allowClear
      style={{ width }}
      onSearch={(search) => onListChange((current) => ({ ...current, search, page: 0 }))}
    />
  );
}
