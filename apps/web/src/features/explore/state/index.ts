export * from './explore.slice';
export * from './chart.slice';
