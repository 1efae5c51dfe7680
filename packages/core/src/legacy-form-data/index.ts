export { upgradeLegacyChart, type UpgradedChart } from './upgrade-chart';
