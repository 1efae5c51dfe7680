import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Modal, Select, theme, Typography, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastAdded } from '../../../shared/toasts/toasts-slice';
import { errorText } from '../../../shared/errors/to-api-error';
import { COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE, copyText } from '../../explore/header/clipboard';
import { dashboardApi } from '../api/dashboard-api';
import type { DataFormat } from '../export/dashboard-data-export';
import { urlParams } from '../page/url-params';
import { refreshCharts } from '../refresh/refresh-charts';
import type { DashboardInfo } from '../state/dashboard-info';
import { dashboardStateActions } from '../state/dashboard-state.slice';
import {
  selectCrossFiltersEnabled,
  selectDashboardState,
  selectNativeFilters,
} from '../state/dashboard-store';
import { persistedMasks } from '../native-filters/url-state';
import { REFRESH_OPTIONS } from './refresh-labels';
import { useReportMenu } from '../../reports/use-report-menu';

const CrossFilterScopingModal = lazy(() => import('../native-filters/cross-filters/CrossFilterScopingModal'));
// Opened from the menu only: their code (and the exports' html-to-image) stays off the page's first load.
const SaveAsModal = lazy(() => import('./SaveAsModal').then((m) => ({ default: m.SaveAsModal })));
const ManageEmbeddedModal = lazy(() =>
  import('./ManageEmbeddedModal').then((m) => ({ default: m.ManageEmbeddedModal })),
);

/** Lets React paint the stacked tabs before the export waits on their charts. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** The header's "…" menu: refresh, auto-refresh, cross-filter scoping (editors), save as, share, download and fullscreen (spec 001 §2). */
export function HeaderMenu({ info, rootId }: { info: DashboardInfo; rootId: string }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const { sliceIds, activeTabs, refreshFrequency, editMode } = useAppSelector(selectDashboardState);
  const appliedMasks = useAppSelector((state) => selectNativeFilters(state).applied);
  const crossFiltersEnabled = useAppSelector(selectCrossFiltersEnabled);
  const [scopingOpen, setScopingOpen] = useState(false);
  const [createPermalink] = dashboardApi.useCreateDashboardPermalinkMutation();
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const [refreshOpen, setRefreshOpen] = useState(false);
  const [frequency, setFrequency] = useState(refreshFrequency);
  const [exporting, setExporting] = useState(false);
  const [saveAsOpen, setSaveAsOpen] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const embeddingOn = useAppSelector(
    (state) => state.session.common?.feature_flags.EMBEDDED_SUPERSET === true,
  );
  const reportMenu = useReportMenu({ kind: 'dashboard', id: info.id, name: info.title });
  const params = new URLSearchParams(location.search);
  const fullscreen = params.get('standalone') === '1' || params.get('standalone') === 'true';

  const permalink = async (): Promise<string | null> => {
    const search = urlParams(location.search, 'reserved');
    const nativeFilters = params.get('native_filters');
    const result = await createPermalink({
      id: info.id,
      body: {
        dataMask: persistedMasks(appliedMasks),
        activeTabs: Object.values(activeTabs),
        anchor: location.hash === '' ? null : location.hash.slice(1),
        urlParams: [
          ...Object.entries(search),
          ...(nativeFilters === null ? [] : [['native_filters', nativeFilters] as [string, string]]),
        ],
      },
    });
    if ('error' in result) {
      dispatch(toastAdded('danger', errorText(result.error)));
      return null;
    }
    return new URL(result.data.url, window.location.origin).toString();
  };

  const copyPermalink = async () => {
    const url = await permalink();
    if (url === null) return;
    if (await copyText(url)) dispatch(toastAdded('success', COPIED_MESSAGE));
    else {
      dispatch(toastAdded('warning', COPY_UNSUPPORTED_MESSAGE));
      setManualCopy(url);
    }
  };

  const emailPermalink = async () => {
    const url = await permalink();
    if (url === null) return;
    const subject = encodeURIComponent(info.title);
    const body = encodeURIComponent(`${info.title}\n\n${url}`);
    window.location.href = `mailto:?subject=${subject}&body=${body}`;
  };

  const exportAs = async (kind: 'image' | 'pdf') => {
    const root = document.getElementById(rootId);
    if (root === null) return;
    setExporting(true);
    dispatch(
      kind === 'pdf'
        ? dashboardStateActions.exportModeSet(true)
        : dashboardStateActions.loadAllChartsSet(true),
    );
    try {
      await nextFrame();
      const background = token.colorBgLayout;
      const { downloadDashboardImage, downloadDashboardPdf } = await import('../export/capture');
      const ok =
        kind === 'pdf'
          ? await downloadDashboardPdf(root, info.title, background)
          : await downloadDashboardImage(root, info.title, background);
      if (!ok) dispatch(toastAdded('danger', 'Sorry, something went wrong. Try again later.'));
    } catch (error) {
      console.error('Dashboard export failed', error);
      dispatch(toastAdded('danger', 'Sorry, something went wrong. Try again later.'));
    } finally {
      if (kind === 'pdf') dispatch(dashboardStateActions.exportModeSet(false));
      setExporting(false);
    }
  };

  const exportData = async (format: DataFormat) => {
    setExporting(true);
    try {
      const { downloadDashboardData, exportSummary } = await import('../export/dashboard-data-export');
      const result = await dispatch(downloadDashboardData(format, urlParams(location.search, 'regular')));
      const summary = exportSummary(result);
      if (summary !== null) dispatch(toastAdded(summary.level, summary.text));
    } finally {
      setExporting(false);
    }
  };

  const toggleFullscreen = () => {
    const next = new URLSearchParams(location.search);
    if (fullscreen) next.delete('standalone');
    else next.set('standalone', '1');
    const query = next.toString();
    void navigate(`${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`);
  };

  const items: MenuProps['items'] = [
    { key: 'refresh', label: <span data-test="refresh-dashboard-menu-item">Refresh dashboard</span> },
    {
      key: 'auto-refresh',
      label: <span data-test="set-auto-refresh-menu-item">Set auto-refresh interval</span>,
    },
    {
      key: 'fullscreen',
      label: (
        <span data-test="toggle-fullscreen-menu-item">
          {fullscreen ? 'Exit fullscreen' : 'Enter fullscreen'}
        </span>
      ),
    },
    { type: 'divider' },
    ...(info.canEdit && crossFiltersEnabled
      ? [
          {
            key: 'cross-filter-scoping',
            label: <span data-test="cross-filter-scoping-menu-item">Cross-filter scoping</span>,
          },
        ]
      : []),
    ...(info.canSaveAs
      ? [{ key: 'save-as', label: <span data-test="save-as-menu-item">Save as</span> }]
      : []),
    {
      key: 'download',
      label: <span data-test="download-menu">Download</span>,
      disabled: exporting,
      children: [
        { key: 'image', label: <span data-test="download-as-image">Download as image</span> },
        { key: 'pdf', label: <span data-test="export-to-pdf">Export to PDF</span> },
        { key: 'csv', label: <span data-test="export-dashboard-csv">Export to .CSV</span> },
        { key: 'xlsx', label: <span data-test="export-dashboard-xlsx">Export to Excel</span> },
      ],
    },
    ...reportMenu.items,
    ...(embeddingOn && info.canEdit
      ? [
          {
            key: 'manage-embedded',
            label: <span data-test="manage-embedded-menu-item">Manage embedded</span>,
          },
        ]
      : []),
    ...(info.canShare
      ? [
          {
            key: 'share',
            label: <span data-test="share-dashboard-menu">Share</span>,
            children: [
              { key: 'copy', label: <span data-test="copy-permalink">Copy permalink to clipboard</span> },
              { key: 'email', label: <span data-test="share-by-email">Share permalink by email</span> },
            ],
          },
        ]
      : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (reportMenu.onClick(key)) return;
    if (key === 'refresh') void dispatch(refreshCharts(sliceIds, true));
    if (key === 'auto-refresh') {
      setFrequency(refreshFrequency);
      setRefreshOpen(true);
    }
    if (key === 'fullscreen') toggleFullscreen();
    if (key === 'save-as') setSaveAsOpen(true);
    if (key === 'manage-embedded') setEmbedOpen(true);
    if (key === 'cross-filter-scoping') setScopingOpen(true);
    if (key === 'image' || key === 'pdf') void exportAs(key);
    if (key === 'csv' || key === 'xlsx') void exportData(key);
    if (key === 'copy') void copyPermalink();
    if (key === 'email') void emailPermalink();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          icon={<MoreOutlined />}
          aria-label="Dashboard menu"
          loading={exporting}
          data-test="dashboard-header-menu"
          data-export-skip="true"
        />
      </Dropdown>
      <Modal
        open={refreshOpen}
        title="Refresh interval"
        okText="Save"
        okButtonProps={{ ...{ 'data-test': 'refresh-interval-save' } }}
        onOk={() => {
          // Outside edit mode the interval lasts for this visit only; saved with the dashboard in edit mode.
          dispatch(dashboardStateActions.refreshFrequencySet({ frequency, persistent: editMode }));
          setRefreshOpen(false);
        }}
        onCancel={() => setRefreshOpen(false)}
        data-test="refresh-interval-modal"
      >
        <Typography.Paragraph>Choose how often this dashboard refreshes its charts.</Typography.Paragraph>
        <Select
          value={frequency}
          options={REFRESH_OPTIONS}
          onChange={setFrequency}
          style={{ width: '100%' }}
          data-test="refresh-interval-select"
        />
      </Modal>
      {scopingOpen ? (
        <Suspense fallback={null}>
          <CrossFilterScopingModal info={info} onClose={() => setScopingOpen(false)} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {saveAsOpen ? <SaveAsModal info={info} onClose={() => setSaveAsOpen(false)} /> : null}
        {embedOpen ? <ManageEmbeddedModal dashboardId={info.id} onClose={() => setEmbedOpen(false)} /> : null}
      </Suspense>
      {reportMenu.dialogs}
      <Modal
        open={manualCopy !== null}
        title="Copy permalink"
        footer={null}
        onCancel={() => setManualCopy(null)}
        data-test="manual-copy-modal"
      >
        <Typography.Paragraph>{COPY_UNSUPPORTED_MESSAGE}</Typography.Paragraph>
        <Input
          readOnly
          value={manualCopy ?? ''}
          onFocus={(e) => e.target.select()}
          data-test="manual-copy-url"
        />
      </Modal>
    </>
  );
}
