import { CATEGORICAL_SCHEMES, DEFAULT_CATEGORICAL_SCHEME } from '@tessera/charts';
import {
  MODAL_DEFAULT_WIDTH,
  REFRESH_FREQUENCY_CHOICES,
  type DashboardJsonMetadata,
} from '@tessera/contracts';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { TagsSelect } from '../../tags/TagsSelect';
import { useTagging } from '../../tags/use-tagging';
import { AsyncSelect } from '../../../shared/ui/async-select/AsyncSelect';
import type {
  AsyncSelectOption,
  FetchSelectOptions,
} from '../../../shared/ui/async-select/async-select-rules';
import {
  useLazyDashboardPropertiesOwnersQuery,
  useLazyDashboardPropertiesRolesQuery,
} from './properties-api';
import {
  metadataText,
  propertiesFromValues,
  type DashboardProperties,
  type DashboardPropertiesValues,
} from './properties-form';

/** The dashboard as the modal opens it. */
export interface PropertiesModalDashboard {
  title: string;
  slug: string | null;
  owners: { id: number; first_name?: string; last_name?: string }[];
  roles: { id: number; name?: string }[];
  /** Custom tag names. */
  tags: string[];
  certifiedBy: string | null;
  certificationDetails: string | null;
  metadata: DashboardJsonMetadata;
}

const fullName = (user: { first_name?: string; last_name?: string }): string =>
  `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();

export function refreshFrequencyLabel(seconds: number): string {
  if (seconds === 0) return "Don't refresh";
  if (seconds < 60) return `${String(seconds)} seconds`;
  if (seconds < 3600) return `${String(seconds / 60)} minute${seconds === 60 ? '' : 's'}`;
  return `${String(seconds / 3600)} hour${seconds === 3600 ? '' : 's'}`;
}

/**
 * Title, slug, owners, roles (with DASHBOARD_RBAC), certification, colour scheme, refresh frequency and
 * the raw JSON metadata. Apply hands the checked fields to the page, which saves them with the dashboard.
 */
export function PropertiesModal({
  dashboard,
  onApply,
  onCancel,
}: {
  dashboard: PropertiesModalDashboard;
  onApply: (properties: DashboardProperties) => void;
  onCancel: () => void;
}) {
  const rbac = useAppSelector((state) => state.session.common?.feature_flags.DASHBOARD_RBAC === true);
  const tagging = useTagging();
  const [values, setValues] = useState<DashboardPropertiesValues>(() => ({
    title: dashboard.title,
    slug: dashboard.slug ?? '',
    owners: dashboard.owners.map((owner) => owner.id),
    roles: dashboard.roles.map((role) => role.id),
    tags: dashboard.tags,
    certifiedBy: dashboard.certifiedBy ?? '',
    certificationDetails: dashboard.certificationDetails ?? '',
    colorScheme: dashboard.metadata.color_scheme ?? null,
    refreshFrequency: dashboard.metadata.refresh_frequency ?? 0,
    crossFiltersEnabled: dashboard.metadata.cross_filters_enabled ?? true,
    jsonMetadataText: metadataText(dashboard.metadata),
  }));
  const [error, setError] = useState<string | null>(null);
  const [listOwners] = useLazyDashboardPropertiesOwnersQuery();
  const [listRoles] = useLazyDashboardPropertiesRolesQuery();
  const set = (changes: Partial<DashboardPropertiesValues>): void =>
    setValues((current) => ({ ...current, ...changes }));
  // The chosen owners and roles with their labels (the form values keep the ids).
  const [ownerChoices, setOwnerChoices] = useState<AsyncSelectOption[]>(() =>
    dashboard.owners.map((owner) => ({
      value: owner.id,
      label: fullName(owner) || `User ${String(owner.id)}`,
    })),
  );
  const [roleChoices, setRoleChoices] = useState<AsyncSelectOption[]>(() =>
    dashboard.roles.map((role) => ({ value: role.id, label: role.name ?? `Role ${String(role.id)}` })),
  );
  const fetchOwners = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listOwners({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.map((candidate) => ({ value: candidate.value, label: candidate.text })),
        totalCount: response.count,
      };
    },
    [listOwners],
  );
  const fetchRoles = useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await listRoles({ search, page, pageSize }, true).unwrap();
      return {
        options: response.result.map((role) => ({ value: role.value, label: role.text })),
        totalCount: response.count,
      };
    },
    [listRoles],
  );
  const ids = (choices: readonly AsyncSelectOption[]): number[] =>
    choices.map((choice) => choice.value).filter((value): value is number => typeof value === 'number');

  const apply = (): void => {
    const result = propertiesFromValues(values, { rbac, tagging });
    if ('error' in result) {
      setError(result.error);
      return;
    }
    onApply(result.properties);
  };

  return (
    <Modal
      open
      title="Dashboard properties"
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="properties-modal-cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="apply" type="primary" data-test="properties-modal-apply" onClick={apply}>
          Apply
        </Button>,
      ]}
    >
      <Form layout="vertical" data-test="dashboard-properties-form" requiredMark={false}>
        <Typography.Title level={5}>Basic information</Typography.Title>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="Name">
              <Input
                data-test="dashboard-title-input"
                value={values.title}
                onChange={(event) => set({ title: event.target.value })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="URL slug" extra="A readable URL for your dashboard">
              <Input
                data-test="dashboard-slug-input"
                value={values.slug}
                onChange={(event) => set({ slug: event.target.value })}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Access</Typography.Title>
        <Form.Item label="Owners" extra="Owners can edit the dashboard.">
          <AsyncSelect
            mode="multiple"
            data-test="dashboard-owners-select"
            value={ownerChoices}
            fetchOptions={fetchOwners}
            onChange={(next) => {
              setOwnerChoices(next);
              set({ owners: ids(next) });
            }}
          />
        </Form.Item>
        {rbac ? (
          <Form.Item
            label="Roles"
            extra="Roles that can see this dashboard; with none, dataset access decides."
          >
            <AsyncSelect
              mode="multiple"
              data-test="dashboard-roles-select"
              value={roleChoices}
              fetchOptions={fetchRoles}
              onChange={(next) => {
                setRoleChoices(next);
                set({ roles: ids(next) });
              }}
            />
          </Form.Item>
        ) : null}
        {tagging ? (
          <Form.Item label="Tags">
            <TagsSelect
              data-test="dashboard-tags-select"
              value={values.tags.map((name) => ({ value: name, label: name }))}
              onChange={(next) => set({ tags: next.map((option) => String(option.value)) })}
            />
          </Form.Item>
        ) : null}
        <Typography.Title level={5}>Certification</Typography.Title>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="Certified by">
              <Input
                data-test="dashboard-certified-by-input"
                value={values.certifiedBy}
                onChange={(event) => set({ certifiedBy: event.target.value })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Certification details" extra="Kept only when someone certified the dashboard.">
              <Input
                data-test="dashboard-certification-details-input"
                value={values.certificationDetails}
                onChange={(event) => set({ certificationDetails: event.target.value })}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>Styling and refresh</Typography.Title>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="Color scheme">
              <Select
                allowClear
                data-test="dashboard-color-scheme-select"
                placeholder={CATEGORICAL_SCHEMES[DEFAULT_CATEGORICAL_SCHEME]?.label ?? 'Default'}
                value={values.colorScheme ?? undefined}
                options={Object.entries(CATEGORICAL_SCHEMES).map(([value, scheme]) => ({
                  value,
                  label: (
                    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                      <span style={{ display: 'inline-flex' }}>
                        {scheme.colors.slice(0, 6).map((color) => (
                          <span
                            key={color}
                            style={{ width: 10, height: 10, background: color, display: 'inline-block' }}
                          />
                        ))}
                      </span>
                      {scheme.label}
                    </span>
                  ),
                }))}
                onChange={(next: string | undefined) => set({ colorScheme: next ?? null })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Refresh frequency">
              <Select
                data-test="dashboard-refresh-frequency-select"
                value={values.refreshFrequency}
                options={REFRESH_FREQUENCY_CHOICES.map((seconds) => ({
                  value: seconds,
                  label: refreshFrequencyLabel(seconds),
                }))}
                onChange={(next) => set({ refreshFrequency: next })}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item>
          <Checkbox
            data-test="dashboard-cross-filters-enabled"
            checked={values.crossFiltersEnabled}
            onChange={(event) => set({ crossFiltersEnabled: event.target.checked })}
          >
            Enable cross-filtering
          </Checkbox>
        </Form.Item>
        <Form.Item
          label="JSON metadata"
          extra="The colour scheme, refresh frequency and cross-filtering above win over the same keys here."
        >
          <Input.TextArea
            data-test="dashboard-json-metadata"
            value={values.jsonMetadataText}
            autoSize={{ minRows: 6, maxRows: 16 }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            onChange={(event) => {
              setError(null);
              set({ jsonMetadataText: event.target.value });
            }}
          />
        </Form.Item>
        {error === null ? null : (
          <Alert type="error" showIcon data-test="dashboard-properties-error" title={error} />
        )}
      </Form>
    </Modal>
  );
}
