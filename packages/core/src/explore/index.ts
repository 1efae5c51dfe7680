export * from './form-data';
export * from './form-data-defaults';
export * from './control-validators';
export * from './metric-label';
export * from './column-config';
export * from './viz-switch';
export * from './datasource-switch';
export * from './temporal-filter';
