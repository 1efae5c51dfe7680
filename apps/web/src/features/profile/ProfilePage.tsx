import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useAppSelector } from '../../app/hooks';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /profile/ (and Superset's /user_info/): who the user is, and their own password. */
export function ProfilePage() {
  const user = useAppSelector((state) => state.session.user);
  // The route requires a session; this only narrows the type.
  if (user === null) return null;
  return (
    <Flex vertical gap={16} data-test="profile-page" style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {`${user.first_name} ${user.last_name}`.trim() || user.username}
      </Typography.Title>
      <Card title="User info" size="small">
        <Descriptions column={1} size="small" data-test="profile-info">
          <Descriptions.Item label="First name">{user.first_name}</Descriptions.Item>
          <Descriptions.Item label="Last name">{user.last_name}</Descriptions.Item>
          <Descriptions.Item label="Username">
            <span data-test="profile-username">{user.username}</span>
          </Descriptions.Item>
          <Descriptions.Item label="E-mail">{user.email}</Descriptions.Item>
          <Descriptions.Item label="Roles">
            <Flex wrap gap={4} data-test="profile-roles">
              {user.roles.length === 0 ? (
                <Typography.Text type="secondary">No roles</Typography.Text>
              ) : (
                user.roles.map((role) => <Tag key={role}>{role}</Tag>)
              )}
            </Flex>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Change password" size="small">
        <ChangePasswordForm />
      </Card>
    </Flex>
  );
}
