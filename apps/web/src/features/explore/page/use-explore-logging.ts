import { LOG_ACTIONS } from '@tessera/contracts';
import { useEffect, useRef } from 'react';
import { logUserEvent } from '../../../shared/logging/logger';

/**
 * Opening Explore logs `mount_explorer` once per chart (none for an unsaved one keeps source_id null):
 * the home page's recents list the charts opened this way. Standalone embeds are not logged.
 */
export function useExploreMountLogging(
  sliceId: number | null,
  sliceName: string | null,
  standalone: boolean,
) {
  const logged = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (standalone || logged.current === sliceId) return;
    logged.current = sliceId;
    logUserEvent({
      source: 'explore',
      sourceId: sliceId,
      eventName: LOG_ACTIONS.mountExplorer,
      fields: { target_name: sliceName },
    });
  }, [sliceId, sliceName, standalone]);
}
