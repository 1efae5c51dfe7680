import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip, theme } from 'antd';

interface FavoriteStarProps {
  'data-test': string;
  /** The starred thing's name, for the button's label. */
  name: string;
  starred: boolean;
  onToggle: () => void;
}

/** The star of a list row or card: filled when the user has it among their favourites. */
export function FavoriteStar({ 'data-test': dataTest, name, starred, onToggle }: FavoriteStarProps) {
  const { token } = theme.useToken();
  return (
    <Tooltip title={starred ? 'Remove from favorites' : 'Add to favorites'}>
      <Button
        data-test={dataTest}
        type="text"
        size="small"
        aria-pressed={starred}
        aria-label={`${starred ? 'Unstar' : 'Star'} ${name}`}
        icon={starred ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
        onClick={onToggle}
      />
    </Tooltip>
  );
}
