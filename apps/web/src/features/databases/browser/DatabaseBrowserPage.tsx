import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DATABASE_LIST_PATH } from '../../../app/paths';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import { useSchemaChoices } from '../database-choices';
import {
  useGetDatabaseQuery,
  useGetSchemasQuery,
  useGetTableMetadataQuery,
  useGetTablesQuery,
} from '../databases-api';
import { preferredSchema } from './generic-type';
import { TableList } from './TableList';
import { TableMetadataPanel } from './TableMetadataPanel';

function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** /databaseview/{id}/browse/: schemas, then the tables of one, then the metadata of one table. */
export function DatabaseBrowserPage() {
  const id = parseId(useParams().id);
  if (id === undefined) {
    return (
      <Result data-test="database-not-found" status="404" title="Database not found" extra={<BackLink />} />
    );
  }
  return <DatabaseBrowser databaseId={id} />;
}

function BackLink() {
  const navigate = useNavigate();
  return (
    <Button
      data-test="back-to-databases"
      type="text"
      icon={<ArrowLeftOutlined />}
      onClick={() => void navigate(DATABASE_LIST_PATH)}
    >
      Databases
    </Button>
  );
}

export function DatabaseBrowser({ databaseId }: { databaseId: number }) {
  const [chosenSchema, setChosenSchema] = useState<string | undefined>(undefined);
  const [table, setTable] = useState<string | undefined>(undefined);
  const database = useGetDatabaseQuery(databaseId);
  // The whole list picks the default schema; the picker pages and searches it like every remote select.
  const schemas = useGetSchemasQuery(databaseId);
  const fetchSchemas = useSchemaChoices(databaseId);
  const schema = chosenSchema ?? preferredSchema(schemas.data ?? []);
  const tables = useGetTablesQuery({ databaseId, schema: schema ?? '' }, { skip: schema === undefined });
  const metadata = useGetTableMetadataQuery(
    { databaseId, schema: schema ?? '', table: table ?? '' },
    { skip: schema === undefined || table === undefined },
  );

  if (database.error !== undefined && 'status' in database.error && database.error.status === 404) {
    return (
      <Result data-test="database-not-found" status="404" title="Database not found" extra={<BackLink />} />
    );
  }

  return (
    <Flex vertical gap={16} data-test="database-browser">
      <Flex align="center" gap={8}>
        <BackLink />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {database.data?.database_name ?? <Skeleton.Input active size="small" />}
        </Typography.Title>
        {database.data === undefined ? null : (
          <Typography.Text type="secondary">{database.data.backend}</Typography.Text>
        )}
      </Flex>
      <ErrorMessage title="Could not load the database" error={database.error} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} xl={6}>
          <Card size="small" title="Tables">
            <Flex vertical gap={8}>
              <AsyncSelect
                data-test="schema-select"
                aria-label="Schema"
                placeholder="Choose a schema"
                fetchOptions={fetchSchemas}
                emptyText="No schemas"
                value={schema === undefined ? null : { value: schema, label: schema }}
                onChange={(choice) => {
                  if (choice === null) return;
                  setChosenSchema(String(choice.value));
                  setTable(undefined);
                }}
              />
              <ErrorMessage title="Could not load schemas" error={schemas.error} />
              <ErrorMessage title="Could not load tables" error={tables.error} />
              {schema === undefined ? null : tables.isFetching ? (
                <Skeleton data-test="tables-loading" active paragraph={{ rows: 6 }} title={false} />
              ) : tables.data === undefined ? null : (
                <TableList tables={tables.data.result} selected={table} onSelect={setTable} />
              )}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={16} xl={18}>
          <Card size="small">
            {table === undefined ? (
              <Empty
                data-test="no-table-selected"
                description="Choose a table to see its columns, keys and indexes"
              />
            ) : metadata.isFetching ? (
              <Skeleton data-test="metadata-loading" active paragraph={{ rows: 8 }} />
            ) : metadata.error !== undefined ? (
              <ErrorMessage title={`Could not load ${table}`} error={metadata.error} />
            ) : metadata.data === undefined ? null : (
              <TableMetadataPanel metadata={metadata.data} />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
