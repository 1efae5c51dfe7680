import { CodeOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Spin, theme, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ExploreFormData } from '@tessera/core';
import { ErrorMessage } from '../../../shared/errors/ErrorMessage';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { usePermissions } from '../../../shared/session/use-permissions';
import { sqlLabQueryPath } from '../../sqllab/dataset/sql-lab-links';
import { usePostChartDataMutation } from '../api/explore-api';
import { queryContextFor } from '../chart/chart-actions';
import { copyText, COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE } from './clipboard';

/** Spec 000 §8: the chart's SQL could not be read (for viewing or opening in SQL Lab). */
export const SQL_LOAD_FAILED = 'An error occurred while loading the SQL';

interface ViewQueryModalProps {
  open: boolean;
  formData: ExploreFormData;
  /** Where the query runs, for 'Open in SQL Lab'; null while no dataset is loaded. */
  database: { dbId: number; schema: string | null } | null;
  onClose: () => void;
}

/**
 * 'View query': the SQL the chart runs (chart data with result_type query), with copy and 'Open in SQL
 * Lab' (a new tab with that SQL on the dataset's database and schema).
 */
export function ViewQueryModal({ open, formData, database, onClose }: ViewQueryModalProps) {
  const { sqlLab } = usePermissions();
  const { token } = theme.useToken();
  const toasts = useToasts();
  const [post, { data, error, isLoading }] = usePostChartDataMutation();
  useEffect(() => {
    if (!open) return undefined;
    const context = queryContextFor(formData, 'query');
    if (context === null) return undefined;
    const request = post(context);
    return () => {
      request.abort();
    };
  }, [open, formData, post]);
  const failed = error !== undefined;
  const { addDangerToast } = toasts;
  useEffect(() => {
    if (failed) addDangerToast(SQL_LOAD_FAILED);
  }, [failed, addDangerToast]);
  const sql = (data?.result ?? [])
    .map((item) => item.query ?? '')
    .filter((query) => query !== '')
    .join(';\n\n');
  return (
    <Modal
      title="View query"
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      data-test="view-query-modal"
    >
      {isLoading ? <Spin /> : null}
      {error ? <ErrorMessage error={error} title={SQL_LOAD_FAILED} /> : null}
      {sql !== '' ? (
        <Flex vertical gap={token.marginSM}>
          <Flex justify="end" gap={token.marginXS}>
            {database === null || !sqlLab ? null : (
              <Link
                to={sqlLabQueryPath({ dbId: database.dbId, sql, schema: database.schema })}
                data-test="view-query-open-sqllab"
              >
                <Button icon={<CodeOutlined />} tabIndex={-1}>
                  Open in SQL Lab
                </Button>
              </Link>
            )}
            <Button
              icon={<CopyOutlined />}
              onClick={() => {
                void copyText(sql).then((copied) => {
                  if (copied) toasts.addSuccessToast(COPIED_MESSAGE);
                  else toasts.addDangerToast(COPY_UNSUPPORTED_MESSAGE);
                });
              }}
              data-test="copy-query"
            >
              Copy
            </Button>
          </Flex>
          <Typography.Paragraph>
            <pre
              style={{
                maxHeight: 420,
                overflow: 'auto',
                fontFamily: token.fontFamilyCode,
                fontSize: token.fontSizeSM,
                background: token.colorFillTertiary,
                padding: token.paddingSM,
                borderRadius: token.borderRadius,
                margin: 0,
              }}
              data-test="view-query-sql"
            >
              {sql}
            </pre>
          </Typography.Paragraph>
        </Flex>
      ) : null}
    </Modal>
  );
}
