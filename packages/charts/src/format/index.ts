export * from './numberFormat';
export * from './timeFormat';
export * from './colorSchemes';
export * from './theme';
export * from './metricDisplay';
export * from './labelColors';
export * from './rgbaColor';
