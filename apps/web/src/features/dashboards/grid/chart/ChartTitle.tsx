import { theme } from 'antd';

/**
 * A chart's title in its dashboard header: one line, cut with an ellipsis, the whole title on hover.
 * Plain text on purpose: antd's Typography ellipsis measures its text in extra hidden copies and wraps
 * it in a Tooltip, per chart, on the page's first frames.
 */
export function ChartTitle({ title }: { title: string }) {
  const { token } = theme.useToken();
  return (
    <span
      data-test="dashboard-chart-title"
      title={title}
      style={{
        flex: 1,
        minWidth: 0,
        fontWeight: token.fontWeightStrong,
        color: token.colorText,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      }}
    >
      {title}
    </span>
  );
}
