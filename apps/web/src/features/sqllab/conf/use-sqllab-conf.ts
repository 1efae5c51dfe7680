import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { sqlLabConf, type SqlLabConf } from './sqllab-conf';

/** SQL Lab's configuration from the bootstrap payload. */
export function useSqlLabConf(): SqlLabConf {
  const common = useAppSelector((state) => state.session.common);
  return useMemo(() => sqlLabConf(common?.conf, common?.feature_flags), [common]);
}
