import type { TagRef } from '@tessera/contracts';
import type { TableColumnType } from 'antd';
import { ObjectTags } from './ObjectTags';

/** The Tags column of the chart, dashboard and saved-query lists: none while TAGGING_SYSTEM is off. */
export function tagsColumn<T extends { tags?: readonly Partial<TagRef>[] | undefined }>(
  enabled: boolean,
  dataTest: string,
): TableColumnType<T>[] {
  if (!enabled) return [];
  return [
    {
      title: 'Tags',
      key: 'tags',
      render: (_value, row) => <ObjectTags tags={row.tags} data-test={dataTest} />,
    },
  ];
}
