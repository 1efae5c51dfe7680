import { EyeOutlined, TableOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Flex, Select } from 'antd';
import { useAppDispatch } from '../../../app/hooks';
import { useGetTablesQuery } from '../../databases/databases-api';
import type { QueryEditor } from '../state';
import { addTablePanel } from './add-table';

/** Searches the schema's tables; picking one adds its schema panel to the left bar and previews its rows. */
export function TableSelect({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const { dbId, schema } = editor;
  const { currentData: data, isFetching } = useGetTablesQuery(
    dbId === null || schema === null ? skipToken : { databaseId: dbId, schema },
  );
  return (
    <Select<string>
      data-test="sqllab-table-select"
      aria-label="Add a table"
      placeholder={schema === null ? 'Choose a schema first' : 'Add a table…'}
      showSearch={{ optionFilterProp: 'title' }}
      disabled={dbId === null || schema === null}
      loading={isFetching}
      value={null}
      options={(data?.result ?? []).map((table) => ({
        value: table.value,
        title: table.value,
        label: (
          <Flex align="center" gap={6}>
            {table.type === 'table' ? <TableOutlined /> : <EyeOutlined />}
            {table.value}
          </Flex>
        ),
      }))}
      onChange={(name) => {
        if (dbId === null || schema === null) return;
        void dispatch(
          addTablePanel({ dbId, queryEditorId: editor.id, catalog: editor.catalog, schema, name }),
        );
      }}
      style={{ width: '100%' }}
    />
  );
}
