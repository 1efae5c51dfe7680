export * from './errors/client-error';
export { normalizeClientError } from './errors/normalize-client-error';
export { fieldErrorsFromBody } from './errors/field-errors';
export { statusText } from './errors/status-text';
export { isExternalUrl, toExternalHref, isSafeHref } from './links/external-url';
export * from './toasts/toast';
export * from './explore';
export * from './time-range';
export * from './post-processing';
