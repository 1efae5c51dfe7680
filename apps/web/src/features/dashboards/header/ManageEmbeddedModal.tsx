import { Alert, Button, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { errorText } from '../../../shared/errors/to-api-error';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { embeddedConfigApi, type EmbeddedConfigResponse } from '../api/embedded-config-api';

type Embedded = EmbeddedConfigResponse['result'];

const domainsOf = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * 'Manage embedded' (spec 001 §2 header menu; issue #15 item 4): enable embedding with the origins
 * allowed to frame the dashboard, see the uuid the host's SDK embeds by, change the origins, disable.
 */
export function ManageEmbeddedModal({ dashboardId, onClose }: { dashboardId: number; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = embeddedConfigApi.useGetDashboardEmbeddedQuery(dashboardId, {
    refetchOnMountOrArgChange: true,
  });
  const [save, saving] = embeddedConfigApi.useSaveDashboardEmbeddedMutation();
  const [remove, removing] = embeddedConfigApi.useDeleteDashboardEmbeddedMutation();
  const [embedded, setEmbedded] = useState<Embedded | null>(null);
  const [domains, setDomains] = useState('');
  const notEmbedded = error !== undefined && 'status' in error && error.status === 404;

  useEffect(() => {
    if (data === undefined) return;
    setEmbedded(data.result);
    setDomains(data.result.allowed_domains.join(', '));
  }, [data]);

  const submit = async () => {
    const result = await save({ id: dashboardId, body: { allowed_domains: domainsOf(domains) } });
    if ('error' in result) {
      dispatch(toastAdded('danger', errorText(result.error)));
      return;
    }
    setEmbedded(result.data.result);
    setDomains(result.data.result.allowed_domains.join(', '));
    dispatch(toastAdded('success', 'Changes saved.'));
  };
  const disable = async () => {
    const result = await remove(dashboardId);
    if ('error' in result) {
      dispatch(toastAdded('danger', errorText(result.error)));
      return;
    }
    setEmbedded(null);
    setDomains('');
    dispatch(toastAdded('success', 'Embedding deactivated.'));
  };

  const loadFailed = error !== undefined && !notEmbedded && embedded === null;
  return (
    <Modal
      open
      title="Embed dashboard"
      onCancel={onClose}
      footer={
        <Flex gap={8} justify="end">
          {embedded === null ? null : (
            <Button
              danger
              loading={removing.isLoading}
              onClick={() => void disable()}
              data-test="embedded-disable"
            >
              Deactivate
            </Button>
          )}
          <Button
            type="primary"
            loading={saving.isLoading}
            disabled={isLoading || loadFailed}
            onClick={() => void submit()}
            data-test={embedded === null ? 'embedded-enable' : 'embedded-save'}
          >
            {embedded === null ? 'Enable embedding' : 'Save changes'}
          </Button>
        </Flex>
      }
      data-test="manage-embedded-modal"
    >
      {isLoading ? (
        <Spin data-test="embedded-config-loading" />
      ) : loadFailed ? (
        <Alert type="error" showIcon title={errorText(error)} data-test="embedded-config-error" />
      ) : (
        <Flex vertical gap={12}>
          {embedded === null ? (
            <Typography.Paragraph data-test="embedded-not-enabled">
              This dashboard is not embedded yet. Enable embedding to get the id a host page embeds it by.
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph>
              Embed id:{' '}
              <Typography.Text code copyable data-test="embedded-uuid">
                {embedded.uuid}
              </Typography.Text>
            </Typography.Paragraph>
          )}
          <label htmlFor="embedded-allowed-domains">
            Allowed domains (comma separated origins; none: any domain may embed it)
          </label>
          <Input
            id="embedded-allowed-domains"
            value={domains}
            placeholder="https://app.example.com"
            onChange={(event) => setDomains(event.target.value)}
            data-test="embedded-allowed-domains"
          />
        </Flex>
      )}
    </Modal>
  );
}
