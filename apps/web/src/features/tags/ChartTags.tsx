import { ObjectTags } from './ObjectTags';
import { useChartTagsQuery } from './tags-api';
import { useTagging } from './use-tagging';

/** A saved chart's tags in Explore's header, read when it opens (they change in the chart's properties). */
export function ChartTags({ chartId }: { chartId: number }) {
  const enabled = useTagging();
  const { data } = useChartTagsQuery(chartId, { skip: !enabled, refetchOnMountOrArgChange: true });
  return <ObjectTags tags={data?.result.tags} data-test="explore-tags" />;
}
