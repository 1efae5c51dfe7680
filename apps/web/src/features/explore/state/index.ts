export * from './explore.slice';
