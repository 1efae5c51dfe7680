import { useAppSelector } from '../../app/hooks';

/** Whether the TAGGING_SYSTEM feature flag is on (reference §14; off unless the config turns it on). */
export function useTagging(): boolean {
  return useAppSelector((state) => state.session.common?.feature_flags.TAGGING_SYSTEM === true);
}
