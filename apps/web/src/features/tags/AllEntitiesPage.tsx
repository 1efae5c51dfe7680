import type { TaggedEntity } from '@tessera/contracts';
import { Button, Empty, Flex, Result, Table, Typography, theme, type TableProps } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../shared/errors/ErrorMessage';
import { OwnerAvatars } from '../../shared/list-page/OwnerAvatars';
import { PageLoading } from '../../shared/ui/PageLoading';
import { savedQuerySqlLabPath } from '../savedqueries/paths';
import { ObjectTags } from './ObjectTags';
import { useGetTagQuery, useTaggedObjectsQuery } from './tags-api';
import { groupTaggedEntities, NO_TAGGED_ENTITIES, tagIdParam } from './tagged-entities';
import { useTagging } from './use-tagging';

export const TAG_NOT_FOUND = 'Tag not found';
export const TAGGING_OFF = 'Tags are not enabled on this server';

const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** Where an entity opens: saved queries in SQL Lab, the others at the URL the server gave. */
const entityPath = (entity: TaggedEntity): string =>
  entity.type === 'query' ? savedQuerySqlLabPath(entity.id) : entity.url;

const columns: TableProps<TaggedEntity>['columns'] = [
  {
    title: 'Name',
    key: 'name',
    render: (_value, entity) => (
      <Link to={entityPath(entity)} data-test="all-entities-link">
        {entity.name}
      </Link>
    ),
  },
  { title: 'Tags', key: 'tags', render: (_value, entity) => <ObjectTags tags={entity.tags} /> },
  {
    title: 'Owners',
    key: 'owners',
    width: 140,
    render: (_value, entity) => <OwnerAvatars owners={entity.owners} />,
  },
  {
    title: 'Last modified',
    key: 'changed_on',
    width: 200,
    render: (_value, entity) => new Date(entity.changed_on).toLocaleString(),
  },
];

/** The dashboards, charts and saved queries that carry one tag (Superset's all-entities page). */
export function AllEntities({ tagId }: { tagId: number }) {
  const { token } = theme.useToken();
  const tag = useGetTagQuery(tagId);
  const objects = useTaggedObjectsQuery(tagId);

  if (tag.isLoading || objects.isLoading) return <PageLoading />;
  if (isNotFound(tag.error)) {
    return <Result status="404" title={TAG_NOT_FOUND} data-test="all-entities-not-found" />;
  }
  const error = tag.error ?? objects.error;
  if (error !== undefined) {
    return (
      <ErrorMessage
        data-test="all-entities-error"
        title="Could not load the tagged objects"
        error={error}
        action={
          <Button
            size="small"
            data-test="all-entities-retry"
            onClick={() => {
              void tag.refetch();
              void objects.refetch();
            }}
          >
            Retry
          </Button>
        }
      />
    );
  }
  const groups = groupTaggedEntities(objects.data?.result ?? []);
  return (
    <Flex vertical gap={token.marginLG} data-test="all-entities-page">
      <Flex vertical gap={token.marginXXS}>
        <Typography.Title level={3} style={{ margin: 0 }} data-test="all-entities-title">
          {tag.data?.result.name ?? ''}
        </Typography.Title>
        {tag.data?.result.description ? (
          <Typography.Text type="secondary" data-test="all-entities-description">
            {tag.data.result.description}
          </Typography.Text>
        ) : null}
      </Flex>
      {groups.length === 0 ? (
        <Empty description={NO_TAGGED_ENTITIES} data-test="all-entities-empty" />
      ) : (
        groups.map((group) => (
          <Flex vertical gap={token.marginXS} key={group.type} data-test={`all-entities-${group.type}`}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {group.title}
            </Typography.Title>
            <Table<TaggedEntity>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={group.entities}
              pagination={false}
              data-test={`all-entities-table-${group.type}`}
            />
          </Flex>
        ))
      )}
    </Flex>
  );
}

/** /superset/all_entities/?id=N: the tag comes from the URL; a missing or bad id is a tag not found. */
export function AllEntitiesPage() {
  const [params] = useSearchParams();
  const enabled = useTagging();
  const tagId = tagIdParam(params.get('id'));
  if (!enabled) return <Result status="info" title={TAGGING_OFF} data-test="all-entities-disabled" />;
  if (tagId === null) return <Result status="404" title={TAG_NOT_FOUND} data-test="all-entities-not-found" />;
  return <AllEntities key={tagId} tagId={tagId} />;
}
