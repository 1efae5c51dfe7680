export { upgradeLegacyChart, TIME_AXIS_VIZ_TYPES, type UpgradedChart } from './upgrade-chart';
