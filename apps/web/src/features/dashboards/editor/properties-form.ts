import {
  dashboardJsonMetadataSchema,
  UNTITLED_DASHBOARD_TITLE,
  type DashboardJsonMetadata,
} from '@tessera/contracts';

/** What the properties modal edits (spec 001 §3 'Dashboard'). Text fields hold what the user typed. */
export interface DashboardPropertiesValues {
  title: string;
  slug: string;
  owners: number[];
  roles: number[];
  /** Tag names (TAGGING_SYSTEM); new names become tags on save. */
  tags: string[];
  certifiedBy: string;
  certificationDetails: string;
  colorScheme: string | null;
  refreshFrequency: number;
  /** json_metadata.cross_filters_enabled (spec 001 §6); unset leaves the text's value. */
  crossFiltersEnabled?: boolean;
  /** The whole json_metadata as editable JSON text. */
  jsonMetadataText: string;
}

/** The dashboard fields the page keeps and sends on save. */
export interface DashboardProperties {
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  /** Sent only with the DASHBOARD_RBAC feature on (spec 001 §5 'Dashboard save'). */
  roles?: number[];
  /** Sent only with the TAGGING_SYSTEM feature on: names, new ones become tags. */
  tags?: string[];
  certified_by: string | null;
  certification_details: string | null;
  json_metadata: DashboardJsonMetadata;
}

export const JSON_METADATA_INVALID = 'JSON metadata is invalid';

export function metadataText(metadata: DashboardJsonMetadata): string {
  return JSON.stringify(metadata, null, 2);
}

/**
 * Parses the metadata text with the contracts' schema; the colour scheme, refresh frequency and
 * cross-filtering fields win over the same keys in the text, which is what the user last touched in the form.
 */
export function parseMetadataText(
  text: string,
  overrides: { colorScheme: string | null; refreshFrequency: number; crossFiltersEnabled?: boolean },
): { metadata: DashboardJsonMetadata } | { error: string } {
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    return { error: `${JSON_METADATA_INVALID}: ${error instanceof Error ? error.message : 'not JSON'}` };
  }
  const parsed = dashboardJsonMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where =
      issue === undefined || issue.path.length === 0 ? '' : `${issue.path.map(String).join('.')}: `;
    return { error: `${JSON_METADATA_INVALID}: ${where}${issue?.message ?? 'unexpected shape'}` };
  }
  const metadata: DashboardJsonMetadata = { ...parsed.data, refresh_frequency: overrides.refreshFrequency };
  if (overrides.crossFiltersEnabled !== undefined) {
    metadata.cross_filters_enabled = overrides.crossFiltersEnabled;
  }
  if (overrides.colorScheme === null) delete metadata.color_scheme;
  else metadata.color_scheme = overrides.colorScheme;
  return { metadata };
}

/**
 * The form's values as the fields to save (spec 001 §5 'Dashboard save'): an empty title becomes
 * '[ untitled dashboard ]', an empty slug null, certification details are kept only with a certifier,
 * roles are sent only with role-based access on, and tags only with the tagging system on.
 */
export function propertiesFromValues(
  values: DashboardPropertiesValues,
  { rbac, tagging = false }: { rbac: boolean; tagging?: boolean },
): { properties: DashboardProperties } | { error: string } {
  const parsed = parseMetadataText(values.jsonMetadataText, values);
  if ('error' in parsed) return parsed;
  const title = values.title.trim();
  const slug = values.slug.trim();
  const certifiedBy = values.certifiedBy.trim();
  const properties: DashboardProperties = {
    dashboard_title: title === '' ? UNTITLED_DASHBOARD_TITLE : title,
    slug: slug === '' ? null : slug,
    owners: values.owners,
    certified_by: certifiedBy === '' ? null : certifiedBy,
    certification_details:
      certifiedBy === '' || values.certificationDetails.trim() === ''
        ? null
        : values.certificationDetails.trim(),
    json_metadata: parsed.metadata,
  };
  if (rbac) properties.roles = values.roles;
  if (tagging) properties.tags = values.tags;
  return { properties };
}
