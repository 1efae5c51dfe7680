/**
 * The one naming rule of the sandbox: these names never resolve, whatever object they are asked
 * of. Values are plain data (Map, array, primitives), so no lookup can reach a JavaScript prototype
 * anyway; refusing the names too turns every Jinja/JS escape attempt into a clear error.
 */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export function isForbiddenName(name: string): boolean {
  return FORBIDDEN_NAMES.has(name) || name.startsWith('__');
}

export function forbiddenNameMessage(name: string): string {
  return `access to '${name}' is not allowed in templates`;
}
