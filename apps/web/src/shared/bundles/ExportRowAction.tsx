import { ExportOutlined } from '@ant-design/icons';
import type { BundleResource } from '@tessera/contracts';
import { RowActionButton } from '../ui/RowActionButton';
import { useBundleExport } from './use-bundle-export';

interface ExportRowActionProps {
  resource: BundleResource;
  id: number;
  /** The row's name, for the button's accessible label. */
  name: string;
}

/** The Export icon of a list row: downloads that object's bundle ZIP. */
export function ExportRowAction({ resource, id, name }: ExportRowActionProps) {
  const { exportIds, exporting } = useBundleExport(resource);
  return (
    <RowActionButton
      title="Export"
      data-test="row-export"
      aria-label={`Export ${name}`}
      icon={<ExportOutlined />}
      disabled={exporting}
      onClick={() => void exportIds([id])}
    />
  );
}
