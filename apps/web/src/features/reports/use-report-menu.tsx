import type { ReportCreationMethod } from '@tessera/contracts';
import { Typography, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useToasts } from '../../shared/toasts/use-toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { writesReports, useReportsEnabled } from './report-access';
import { REPORT_UI_MESSAGES } from './report-messages';
import { LazyReportModal } from './LazyReportModal';
import type { ReportTarget } from './ReportModal';
import { useDeleteReportMutation, useListReportsQuery, useUpdateReportMutation } from './reports-api';

/** Menu keys this hook answers; the header's other keys are left to it. */
const KEYS = ['report-create', 'report-toggle', 'report-edit', 'report-delete'] as const;
type ReportMenuKey = (typeof KEYS)[number];
const isReportKey = (key: string): key is ReportMenuKey => (KEYS as readonly string[]).includes(key);

export interface ReportMenu {
  /** Entries for the header's menu (none when reports are off or the user may not write them). */
  items: NonNullable<MenuProps['items']>;
  /** Handles a clicked key; false when the key is not one of these entries. */
  onClick: (key: string) => boolean;
  /** The dialogs, rendered beside the menu. */
  dialogs: ReactNode;
}

/**
 * 'Manage email reports' of the dashboard and Explore headers (spec 001 §2): the report the user made on
 * this chart or dashboard (creation_method 'charts'/'dashboards', one per user and object), set up,
 * switched on or off, edited or deleted through the alerts & reports dialog in its simpler mode.
 */
export function useReportMenu(target: ReportTarget | null): ReportMenu {
  const enabled = useReportsEnabled();
  const user = useAppSelector((state) => state.session.user);
  const allowed = enabled && user !== null && writesReports(user) && target !== null;
  const creationMethod: ReportCreationMethod = target?.kind === 'dashboard' ? 'dashboards' : 'charts';
  const reports = useListReportsQuery(
    {
      filters: [
        { col: 'creation_method', opr: 'eq', value: creationMethod },
        {
          col: target?.kind === 'dashboard' ? 'dashboard_id' : 'chart_id',
          opr: 'eq',
          value: target?.id ?? 0,
        },
        { col: 'created_by', opr: 'rel_o_m', value: user?.id ?? 0 },
      ],
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 0,
      page_size: 1,
    },
    { skip: !allowed },
  );
  const [update] = useUpdateReportMutation();
  const [remove, removeState] = useDeleteReportMutation();
  const [dialog, setDialog] = useState<'edit' | 'create' | 'delete' | null>(null);
  const { addSuccessToast, addDangerToast } = useToasts();
  const failed = reports.error !== undefined;

  useEffect(() => {
    if (failed) addDangerToast(REPORT_UI_MESSAGES.fetchAttached);
  }, [failed, addDangerToast]);

  if (!allowed) return { items: [], onClick: () => false, dialogs: null };
  const report = reports.data?.result[0] ?? null;

  const items: NonNullable<MenuProps['items']> =
    report === null
      ? [
          {
            key: 'report-create',
            disabled: reports.isFetching || failed,
            label: <span data-test="report-menu-create">Set up an email report</span>,
          },
        ]
      : [
          {
            key: 'report-manage',
            label: <span data-test="report-menu-manage">Manage email reports</span>,
            children: [
              {
                key: 'report-toggle',
                label: (
                  <span data-test="report-menu-toggle">
                    {report.active ? 'Deactivate email report' : 'Activate email report'}
                  </span>
                ),
              },
              { key: 'report-edit', label: <span data-test="report-menu-edit">Edit email report</span> },
              {
                key: 'report-delete',
                danger: true,
                label: <span data-test="report-menu-delete">Delete email report</span>,
              },
            ],
          },
        ];

  const toggle = async () => {
    if (report === null) return;
    const result = await update({ id: report.id, body: { active: !report.active } });
    if ('error' in result) addDangerToast(REPORT_UI_MESSAGES.toggleFailed);
    void reports.refetch();
  };

  const confirmDelete = async () => {
    if (report === null) return;
    const result = await remove(report.id);
    if ('error' in result) addDangerToast(REPORT_UI_MESSAGES.deleteFailed);
    else addSuccessToast(REPORT_UI_MESSAGES.deleted(report.name));
    setDialog(null);
    void reports.refetch();
  };

  const onClick = (key: string): boolean => {
    if (!isReportKey(key)) return false;
    if (key === 'report-create') setDialog('create');
    else if (key === 'report-edit') setDialog('edit');
    else if (key === 'report-delete') setDialog('delete');
    else void toggle();
    return true;
  };

  const dialogs = (
    <>
      {dialog === 'create' || dialog === 'edit' ? (
        <LazyReportModal
          type="Report"
          reportId={dialog === 'edit' && report !== null ? report.id : null}
          creationMethod={creationMethod}
          target={target}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void reports.refetch();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete email report"
        okText="Delete"
        danger
        loading={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
      >
        <Typography.Paragraph>
          The email report <Typography.Text strong>{report?.name}</Typography.Text> will be deleted.
        </Typography.Paragraph>
      </ConfirmDialog>
    </>
  );

  return { items, onClick, dialogs };
}
