import { Alert } from 'antd';
import { getChartPlugin } from '@tessera/charts';
import { CHART_MESSAGES } from '@tessera/contracts';

/** True when a plugin draws this viz type; a saved chart of any other type shows UnsupportedChart. */
export function isSupportedVizType(vizType: string): boolean {
  return getChartPlugin(vizType) !== undefined;
}

/**
 * What Explore and dashboards show for a chart whose viz type Tessera does not draw (issue #18): a
 * calm notice naming the type, not an error, so one such chart never reads as a broken dashboard.
 */
export function UnsupportedChart({ vizType }: { vizType: string }) {
  return (
    <Alert
      type="info"
      showIcon
      title={CHART_MESSAGES.unsupportedVizType}
      description={`Tessera cannot draw “${vizType}” charts. The chart is kept as saved; choose another visualization type to show its data.`}
      data-test="chart-unsupported"
      data-viz-type={vizType}
    />
  );
}
