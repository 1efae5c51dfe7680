import { Button } from 'antd';

interface BulkDeleteButtonProps {
  'data-test': string;
  /** How many rows are selected; none disables the button. */
  count: number;
  onClick: () => void;
}

/** Deletes the selected rows of a list (after the page's confirmation), naming how many. */
export function BulkDeleteButton({ 'data-test': dataTest, count, onClick }: BulkDeleteButtonProps) {
  return (
    <Button data-test={dataTest} danger disabled={count === 0} onClick={onClick}>
      {count === 0 ? 'Delete selected' : `Delete ${count} selected`}
    </Button>
  );
}
