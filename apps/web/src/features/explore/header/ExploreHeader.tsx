import {
  CodeOutlined,
  CopyOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileTextOutlined,
  LinkOutlined,
  MoreOutlined,
  ReloadOutlined,
  SaveOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Input, Modal, Tag, theme, Tooltip, Typography } from 'antd';
import { useState, type RefObject } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { can } from '../../../shared/session/permissions';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { exploreApi, useCreateExplorePermalinkMutation } from '../api/explore-api';
import { runChart } from '../chart/chart-actions';
import type { ChartState } from '../../chart-runtime';
import { exploreActions, selectExplore } from '../store/explore-store';
import { copyText, COPIED_MESSAGE, COPY_UNSUPPORTED_MESSAGE, embedSnippet } from './clipboard';
import { downloadBaseName } from '../../../shared/files/download-names';
import { downloadChartData, downloadImage, downloadJson } from './downloads';
import { ChartTags } from '../../tags/ChartTags';
import { SliceMetadata } from './SliceMetadata';
import { ViewQueryModal } from './ViewQueryModal';
import { useReportMenu } from '../../reports/use-report-menu';

export const STAR_ERROR = 'An error occurred while starring this chart';

interface ExploreHeaderProps {
  chartId: number;
  chart: ChartState;
  chartRef: RefObject<HTMLDivElement | null>;
}

/** Chart name, star, save, share, download and the "…" menu (view query, force refresh). */
export function ExploreHeader({ chartId, chart, chartRef }: ExploreHeaderProps) {
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const toasts = useToasts();
  const explore = useAppSelector(selectExplore);
  // Spec 001 §6: the share actions need can_share_chart.
  const canShareChart = useAppSelector((state) => can(state.session.user, 'can_share_chart', 'Superset'));
  const [createPermalink] = useCreateExplorePermalinkMutation();
  const [queryOpen, setQueryOpen] = useState(false);
  const [embed, setEmbed] = useState<string | null>(null);
  const { slice, sliceName, isStarred, datasource } = explore;
  // Only a saved chart can carry a report (the server refuses one without a chart).
  const reportMenu = useReportMenu(
    slice === null ? null : { kind: 'chart', id: slice.slice_id, name: sliceName || slice.slice_name },
  );
  const name =
    sliceName !== '' ? sliceName : datasource !== null ? `${datasource.name} – untitled` : 'Untitled chart';
  const hasData =
    chart.queriesResponse !== null && (chart.chartStatus === 'success' || chart.chartStatus === 'rendered');

  const toggleStar = async () => {
    if (slice === null) return;
    const next = !isStarred;
    dispatch(exploreActions.starChanged(next));
    const result = await dispatch(
      exploreApi.endpoints.setChartFavorite.initiate({ id: slice.slice_id, starred: next }),
    );
    if ('error' in result) {
      dispatch(exploreActions.starChanged(!next));
      toasts.addDangerToast(STAR_ERROR);
    }
  };

  const permalink = async (): Promise<string | null> => {
    const result = await createPermalink({ formData: explore.form_data, urlParams: [] });
    if ('error' in result) {
      toasts.addDangerToast('Could not create a link to this chart');
      return null;
    }
    return new URL(result.data.url, window.location.origin).toString();
  };

  const copyPermalink = async () => {
    const url = await permalink();
    if (url === null) return;
    if (await copyText(url)) toasts.addSuccessToast(COPIED_MESSAGE);
    else toasts.addDangerToast(COPY_UNSUPPORTED_MESSAGE);
  };

  const showEmbed = async () => {
    const url = await permalink();
    if (url !== null) setEmbed(embedSnippet(url));
  };

  const download = async (kind: string) => {
    // Files are called after the chart; an unsaved one after its dataset.
    const fileName = downloadBaseName(sliceName, datasource?.name);
    if (kind === 'csv' || kind === 'xlsx') {
      const error = await downloadChartData(chart.latestQueryFormData, kind, fileName);
      if (error !== null) toasts.addDangerToast(error);
    } else if (kind === 'json') {
      downloadJson({ result: chart.queriesResponse ?? [] }, fileName);
    } else if (kind === 'png') {
      const element = chartRef.current;
      const style = {
        background: token.colorBgContainer,
        titleColor: token.colorText,
        fontFamily: token.fontFamily,
      };
      const done = element !== null && (await downloadImage(element, name, fileName, style));
      if (!done) toasts.addWarningToast('This chart has no image to download; use CSV or JSON instead');
    }
  };

  return (
    <Flex align="center" gap={token.marginSM} style={{ minHeight: 40 }} data-test="explore-header">
      {slice !== null ? (
        <Tooltip title={isStarred ? 'Remove from favorites' : 'Add to favorites'}>
          <Button
            type="text"
            icon={isStarred ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
            onClick={() => void toggleStar()}
            aria-pressed={isStarred}
            data-test="fave-unfave-icon"
          />
        </Tooltip>
      ) : null}
      <Typography.Title
        level={4}
        style={{ margin: 0, flex: '0 1 auto', minWidth: 0 }}
        ellipsis
        editable={{
          onChange: (value) => {
            if (value.trim() !== '') dispatch(exploreActions.sliceNameChanged(value.trim()));
          },
          tooltip: 'Rename (applies when you save)',
          triggerType: ['icon'],
        }}
        data-test="editable-title"
      >
        {name}
      </Typography.Title>
      {slice === null ? (
        <Tag>Unsaved</Tag>
      ) : (
        <>
          <SliceMetadata slice={slice} />
          <ChartTags chartId={slice.slice_id} />
        </>
      )}
      <Flex gap={token.marginXS} style={{ marginLeft: 'auto' }}>
        {explore.can_add || explore.can_overwrite ? (
          <Button
            icon={<SaveOutlined />}
            onClick={() => dispatch(exploreActions.saveModalShown())}
            data-test="query-save-button"
          >
            Save
          </Button>
        ) : null}
        {canShareChart ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'link',
                  icon: <LinkOutlined />,
                  label: 'Copy permalink to clipboard',
                  'data-test': 'copy-permalink',
                },
                { key: 'embed', icon: <CodeOutlined />, label: 'Embed code', 'data-test': 'embed-code' },
              ],
              onClick: ({ key }) => {
                if (key === 'link') void copyPermalink();
                else void showEmbed();
              },
            }}
          >
            <Button icon={<ShareAltOutlined />} data-test="share-menu">
              Share
            </Button>
          </Dropdown>
        ) : null}
        <Dropdown
          trigger={['click']}
          disabled={!hasData}
          menu={{
            items: [
              {
                key: 'csv',
                icon: <FileTextOutlined />,
                label: 'Export to .CSV',
                disabled: !explore.can_download,
                'data-test': 'download-csv',
              },
              {
                key: 'xlsx',
                icon: <FileExcelOutlined />,
                label: 'Export to Excel',
                disabled: !explore.can_download,
                'data-test': 'download-xlsx',
              },
              {
                key: 'json',
                icon: <FileTextOutlined />,
                label: 'Export to .JSON',
                'data-test': 'download-json',
              },
              {
                key: 'png',
                icon: <FileImageOutlined />,
                label: 'Download as image',
                'data-test': 'download-image',
              },
            ],
            onClick: ({ key }) => void download(key),
          }}
        >
          <Button icon={<DownloadOutlined />} data-test="download-menu">
            Download
          </Button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'query', icon: <CodeOutlined />, label: 'View query', 'data-test': 'view-query' },
              {
                key: 'force',
                icon: <ReloadOutlined />,
                label: 'Force refresh',
                'data-test': 'force-refresh',
              },
              ...(reportMenu.items.length > 0 ? [{ type: 'divider' as const }, ...reportMenu.items] : []),
            ],
            onClick: ({ key }) => {
              if (reportMenu.onClick(key)) return;
              if (key === 'query') setQueryOpen(true);
              else void dispatch(runChart(chartId, true));
            },
          }}
        >
          <Button icon={<MoreOutlined />} aria-label="More actions" data-test="explore-more-menu" />
        </Dropdown>
      </Flex>
      {reportMenu.dialogs}
      <ViewQueryModal
        open={queryOpen}
        formData={explore.form_data}
        database={datasource === null ? null : { dbId: datasource.database.id, schema: datasource.schema }}
        onClose={() => {
          setQueryOpen(false);
        }}
      />
      <Modal
        title="Embed code"
        open={embed !== null}
        onCancel={() => {
          setEmbed(null);
        }}
        footer={
          <Button
            type="primary"
            icon={<CopyOutlined />}
            onClick={() => {
              void copyText(embed ?? '').then((copied) => {
                if (copied) toasts.addSuccessToast(COPIED_MESSAGE);
                else toasts.addDangerToast(COPY_UNSUPPORTED_MESSAGE);
              });
            }}
            data-test="copy-embed-code"
          >
            Copy code
          </Button>
        }
        data-test="embed-modal"
      >
        <Input.TextArea
          readOnly
          rows={9}
          value={embed ?? ''}
          style={{ fontFamily: token.fontFamilyCode }}
          data-test="embed-code-text"
        />
      </Modal>
    </Flex>
  );
}
