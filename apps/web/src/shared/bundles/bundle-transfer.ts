import type { BundleResource } from '@tessera/contracts';
import type { ApiError } from '../api/api-request';
import { getFile, saveBlob } from '../api/download-file';
import { postForm, type UploadOutcome } from '../api/upload-file';
import { encodeRison } from '../rison/rison';

/** `GET /api/v1/<resource>/export/?q=!(ids)`: the export ZIP of those objects. */
export function bundleExportUrl(resource: BundleResource, ids: readonly number[]): string {
  return `/api/v1/${resource}/export/?q=${encodeURIComponent(encodeRison([...ids]))}`;
}

/** Downloads the ZIP of the given objects (and what they need); null when done, else the server's error. */
export async function downloadBundle(
  resource: BundleResource,
  ids: readonly number[],
): Promise<ApiError | null> {
  const outcome = await getFile(bundleExportUrl(resource, ids));
  if (!outcome.ok) return outcome.error;
  saveBlob(outcome.blob, outcome.filename ?? `${resource}_export.zip`);
  return null;
}

export interface BundleUpload {
  file: Blob & { name: string };
  overwrite: boolean;
  /** Database file (`databases/x.yaml`) → password, for bundles whose passwords are masked. */
  passwords: Record<string, string>;
}

/** `POST /api/v1/<resource>/import/` with the form Superset's clients send. */
export function uploadBundle(resource: BundleResource, upload: BundleUpload): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('formData', upload.file, upload.file.name);
  form.append('overwrite', upload.overwrite ? 'true' : 'false');
  if (Object.keys(upload.passwords).length > 0) form.append('passwords', JSON.stringify(upload.passwords));
  return postForm(`/api/v1/${resource}/import/`, form);
}
