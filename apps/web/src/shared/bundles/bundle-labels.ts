import { BUNDLE_RESOURCES, type BundleResource } from '@tessera/contracts';

/** 'dashboards', 'saved queries': how the import dialog and toasts name several objects of a resource. */
export function bundlePlural(resource: BundleResource): string {
  const label: string = BUNDLE_RESOURCES[resource].label;
  return label.endsWith('y') ? `${label.slice(0, -1)}ies` : `${label}s`;
}
