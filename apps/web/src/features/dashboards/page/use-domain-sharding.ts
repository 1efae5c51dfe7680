import { useEffect } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { setChartDataHostPicker } from '../../chart-runtime/chart-data-api';
import { createShardPicker, parseDomains, shardingDisabled } from '../../chart-runtime/domain-sharding';

/** Spreads this page's chart-data requests over SUPERSET_WEBSERVER_DOMAINS while it is open. */
export function useDomainSharding(search: string): void {
  const domains = useAppSelector((state) => state.session.common?.conf.SUPERSET_WEBSERVER_DOMAINS);
  const disabled = shardingDisabled(search);
  useEffect(() => {
    const hosts = parseDomains(domains);
    if (hosts.length === 0 || disabled) return;
    return setChartDataHostPicker(createShardPicker(hosts, disabled));
  }, [domains, disabled]);
}
