export * from './plugin-api';
