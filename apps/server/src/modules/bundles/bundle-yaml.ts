import { BUNDLE_LIMITS } from '@tessera/contracts';
import { parse, stringify } from 'yaml';

/**
 * YAML of bundle files. Parsing caps aliases (alias bombs expand exponentially; Superset's exports use
 * none) and refuses duplicate keys; the result is plain JSON-like data. Writing never emits aliases.
 */

export class BundleYamlError extends Error {}

export function parseBundleYaml(text: string): unknown {
  try {
    return parse(text, { maxAliasCount: BUNDLE_LIMITS.yamlAliases, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
    throw new BundleYamlError(`Not valid YAML: ${reason}`);
  }
}

export function dumpBundleYaml(value: unknown): string {
  return stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
}
