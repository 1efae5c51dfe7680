export * from './errors';
export * from './constants';
export * from './config-defaults';
export * from './api/list';
export * from './api/security';
export * from './api/database';
export * from './api/bootstrap';
export * from './api/sqllab';
