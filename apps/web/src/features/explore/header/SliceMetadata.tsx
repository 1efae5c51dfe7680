import { InfoCircleOutlined } from '@ant-design/icons';
import { Flex, theme, Tooltip, Typography } from 'antd';
import type { ExploreSlice } from '../state';

/** "Created by …" of a saved chart, and its description behind an info icon (spec 001 §3 Chart/slice). */
export function SliceMetadata({ slice }: { slice: ExploreSlice }) {
  const { token } = theme.useToken();
  const creator = slice.created_by;
  const description = slice.description_markdown ?? '';
  if ((creator === null || creator === undefined) && description === '') return null;
  return (
    <Flex align="center" gap={token.marginXS} style={{ flex: '0 0 auto' }}>
      {creator === null || creator === undefined ? null : (
        <Typography.Text type="secondary" data-test="explore-chart-created-by">
          Created by {`${creator.first_name} ${creator.last_name}`.trim()}
        </Typography.Text>
      )}
      {description === '' ? null : (
        <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{description}</span>}>
          <InfoCircleOutlined
            aria-label="Chart description"
            tabIndex={0}
            style={{ color: token.colorTextSecondary }}
            data-test="explore-chart-description"
          />
        </Tooltip>
      )}
    </Flex>
  );
}
