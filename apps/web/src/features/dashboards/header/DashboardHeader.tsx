import { EditOutlined, SafetyCertificateOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Tag, theme, Tooltip, Typography } from 'antd';
import { Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { dashboardApi } from '../api/dashboard-api';
import type { DashboardInfo } from '../state/dashboard-info';
import { dashboardInfoPatched } from '../state/dashboard-info.slice';
import { ObjectTags } from '../../tags/ObjectTags';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import { selectDashboardState } from '../state/dashboard-store';
import { EditModeActions, preloadEditor } from '../page/lazy-editor';
import { HeaderMenu } from './HeaderMenu';
import { useFavorite } from './use-favorite';

export const PUBLISHED_MESSAGE = 'This dashboard is now published';
export const HIDDEN_MESSAGE = 'This dashboard is now hidden';
export const PUBLISH_FAILED_MESSAGE = 'You do not have permissions to edit this dashboard.';

function initials(owner: { first_name: string; last_name: string }): string {
  return `${owner.first_name.slice(0, 1)}${owner.last_name.slice(0, 1)}`.toUpperCase();
}

/** Title, star, publish state, certification, owners, last modified and the edit button. */
export function DashboardHeader({ info, rootId }: { info: DashboardInfo; rootId: string }) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const { isPublished, editMode } = useAppSelector(selectDashboardState);
  const favorite = useFavorite(info.id);
  const [setPublished, publishing] = dashboardApi.useSetDashboardPublishedMutation();

  const togglePublished = async () => {
    const next = !isPublished;
    const result = await setPublished({ id: info.id, published: next });
    if ('error' in result) {
      dispatch(toastAdded('danger', PUBLISH_FAILED_MESSAGE));
      return;
    }
    dispatch(dashboardStateActions.publishedSet(next));
    dispatch(dashboardInfoPatched({ published: next }));
    dispatch(toastAdded('success', next ? PUBLISHED_MESSAGE : HIDDEN_MESSAGE));
  };

  const publishTag = (
    <Tag
      color={isPublished ? 'green' : 'default'}
      style={{ cursor: info.canEdit ? 'pointer' : undefined, marginInlineEnd: 0 }}
      data-test="dashboard-publish-status"
      onClick={info.canEdit && !publishing.isLoading ? () => void togglePublished() : undefined}
    >
      {isPublished ? 'Published' : 'Draft'}
    </Tag>
  );

  return (
    <Flex
      align="center"
      gap={token.marginSM}
      wrap
      data-test="dashboard-header"
      style={{
        padding: `${String(token.paddingSM)}px 0`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Typography.Title level={3} style={{ margin: 0 }} data-test="dashboard-title">
        {info.title === '' ? '[ untitled dashboard ]' : info.title}
      </Typography.Title>
      {info.certifiedBy !== null && info.certifiedBy !== '' ? (
        <Tooltip
          title={`Certified by ${info.certifiedBy}${info.certificationDetails ? `: ${info.certificationDetails}` : ''}`}
        >
          <SafetyCertificateOutlined style={{ color: token.colorSuccess }} data-test="dashboard-certified" />
        </Tooltip>
      ) : null}
      <Tooltip title={favorite.isStarred ? 'Remove from favorites' : 'Add to favorites'}>
        <Button
          type="text"
          size="small"
          disabled={!favorite.ready}
          icon={favorite.isStarred ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
          aria-label="Favorite"
          aria-pressed={favorite.isStarred}
          onClick={() => void favorite.toggle()}
          data-test="dashboard-favorite-star"
        />
      </Tooltip>
      {info.canEdit ? (
        <Tooltip
          title={isPublished ? 'Click to make this dashboard a draft' : 'Click to publish this dashboard'}
        >
          {publishTag}
        </Tooltip>
      ) : (
        publishTag
      )}
      <ObjectTags tags={info.tags} data-test="dashboard-header-tags" />
      <Flex align="center" gap={token.marginXS} style={{ marginLeft: 'auto' }}>
        <Avatar.Group max={{ count: 4 }} size="small" data-test="dashboard-owners">
          {info.owners.map((owner) => (
            <Tooltip key={owner.id} title={`${owner.first_name} ${owner.last_name}`}>
              <Avatar size="small" style={{ background: token.colorPrimary }}>
                {initials(owner)}
              </Avatar>
            </Tooltip>
          ))}
        </Avatar.Group>
        {info.changedOnHumanized !== null ? (
          <Typography.Text type="secondary" data-test="dashboard-modified">
            Modified {info.changedOnHumanized}
            {info.changedByName !== null && info.changedByName !== '' ? ` by ${info.changedByName}` : ''}
          </Typography.Text>
        ) : null}
        {info.canEdit && editMode ? (
          <Suspense fallback={null}>
            <EditModeActions info={info} />
          </Suspense>
        ) : null}
        {info.canEdit && !editMode ? (
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => dispatch(dashboardStateActions.editModeSet(true))}
            onPointerEnter={preloadEditor}
            onFocus={preloadEditor}
            data-test="edit-dashboard-button"
            data-export-skip="true"
          >
            Edit dashboard
          </Button>
        ) : null}
        <HeaderMenu info={info} rootId={rootId} />
      </Flex>
    </Flex>
  );
}
