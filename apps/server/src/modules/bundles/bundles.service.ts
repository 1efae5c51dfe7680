import {
  BUNDLE_RESOURCE_NAMES,
  BUNDLE_RESOURCES,
  bundleMetadataSchema,
  bundleImportFieldsSchema,
  bundlePasswordsSchema,
  isRecord,
  type BundleResource,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import type { MultipartForm } from '../../platform/multipart-body';
import type { Principal } from '../security/principal';
import { exportBundle, type ExportedBundle } from './bundle-export';
import { importBundle } from './bundle-import';
import { parseBundleYaml } from './bundle-yaml';
import { BundleFormatError, readBundle } from './bundle-zip';

export { exportBundle, type ExportedBundle };

/** Fields of the import form that name SSH tunnels; Tessera has none, so non-empty ones are refused. */
const SSH_FIELDS = [
  'ssh_tunnel_passwords',
  'ssh_tunnel_private_keys',
  'ssh_tunnel_private_key_passwords',
] as const;

function jsonField(name: string, text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw messageError(400, { [name]: ['Not valid JSON.'] });
  }
}

/** The files of an uploaded ZIP; hostile or broken uploads are 400 with the reason. */
export function bundleFiles(zip: Uint8Array): Map<string, string> {
  try {
    return readBundle(zip);
  } catch (error) {
    if (error instanceof BundleFormatError) throw messageError(400, error.message);
    throw error;
  }
}

export interface ImportRequest {
  zip: Uint8Array;
  overwrite: boolean;
  passwords: Record<string, string>;
}

/** The import form of Superset's clients: `formData` (the ZIP), `overwrite`, `passwords`, ssh_tunnel_*. */
export function importRequestOf(form: MultipartForm): ImportRequest {
  const file = form.files.get('formData');
  if (!file) throw messageError(400, { formData: ['Missing data for required field.'] });
  const parsed = bundleImportFieldsSchema.safeParse(Object.fromEntries(form.fields));
  if (!parsed.success) throw messageError(400, 'Arguments are not valid.');
  const fields = parsed.data;
  for (const name of SSH_FIELDS) {
    const value = jsonField(name, fields[name]);
    if (!isRecord(value) || Object.keys(value).length > 0)
      throw messageError(422, { [name]: ['SSH tunnels are not supported by Tessera.'] });
  }
  const passwords = bundlePasswordsSchema.safeParse(jsonField('passwords', fields.passwords));
  if (!passwords.success) throw messageError(400, { passwords: ['Must map file names to passwords.'] });
  return { zip: file.content, overwrite: fields.overwrite === 'true', passwords: passwords.data };
}

export async function importBundleZip(
  ctx: AppContext,
  principal: Principal,
  resource: BundleResource,
  request: ImportRequest,
): Promise<void> {
  const files = bundleFiles(request.zip);
  await importBundle(ctx, principal, resource, files, {
    overwrite: request.overwrite,
    passwords: request.passwords,
  });
}

/** The resource a bundle's metadata.yaml names (`type: Dashboard` → dashboard), for the CLI's default. */
export function bundleResourceOf(zip: Uint8Array): BundleResource | undefined {
  const text = bundleFiles(zip).get('metadata.yaml');
  if (text === undefined) return undefined;
  const metadata = bundleMetadataSchema.safeParse(parseBundleYaml(text));
  if (!metadata.success) return undefined;
  return BUNDLE_RESOURCE_NAMES.find((name) => BUNDLE_RESOURCES[name].type === metadata.data.type);
}
