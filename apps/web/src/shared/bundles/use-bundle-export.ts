import type { BundleResource } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useToasts } from '../toasts/use-toasts';
import { bundlePlural } from './bundle-labels';
import { downloadBundle } from './bundle-transfer';

export interface BundleExport {
  /** Downloads the export ZIP of these objects; a refusal becomes a danger toast. */
  exportIds: (ids: readonly number[]) => Promise<void>;
  exporting: boolean;
}

/** Exports objects of one resource as a ZIP bundle, as the list's row and bulk actions do. */
export function useBundleExport(resource: BundleResource): BundleExport {
  const { addDangerToast } = useToasts();
  const [exporting, setExporting] = useState(false);
  const exportIds = useCallback(
    async (ids: readonly number[]) => {
      if (ids.length === 0) return;
      setExporting(true);
      const error = await downloadBundle(resource, ids);
      setExporting(false);
      if (error !== null) addDangerToast(`Could not export the ${bundlePlural(resource)}: ${error.error}`);
    },
    [resource, addDangerToast],
  );
  return { exportIds, exporting };
}
