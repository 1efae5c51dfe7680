import { strToU8, Unzip, UnzipInflate, UnzipPassThrough, zipSync } from 'fflate';
import { BUNDLE_LIMITS } from '@tessera/contracts';

/**
 * Reading and writing the ZIP of a bundle. Uploads are hostile until proven otherwise: sizes are counted
 * while inflating (the sizes a ZIP declares can lie), the compressed bytes are fed in small slices so
 * one slice can never inflate past a few megabytes, and entry names that leave the bundle's folder
 * are refused.
 */

export class BundleFormatError extends Error {}

/** Feeding slices of this size bounds what one inflate step can produce (deflate expands ≤ 1032×). */
const SLICE_BYTES = 16 * 1024;

const IGNORED = [/^__MACOSX\//, /(^|\/)\.DS_Store$/];

/** `a/b.yaml` inside the bundle, or an error for names that are absolute or climb out. */
export function safeEntryName(name: string): string {
  if (name.length === 0 || name.length > 1000)
    throw new BundleFormatError(`Invalid file name in the bundle: ${name.slice(0, 100)}`);
  if (/[\\\0]/.test(name) || name.startsWith('/') || /^[a-zA-Z]:/.test(name))
    throw new BundleFormatError(`Invalid file name in the bundle: ${name}`);
  if (name.split('/').some((part) => part === '..' || part === '.'))
    throw new BundleFormatError(`Invalid file name in the bundle: ${name}`);
  return name;
}

const isZip = (data: Uint8Array): boolean =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The bundle's files by their path below the top folder (`metadata.yaml`, `charts/x.yaml` …), as text.
 * Superset's exports hold one top folder; its name is dropped as Superset's importer drops it.
 */
export function readBundle(data: Uint8Array): Map<string, string> {
  if (data.length > BUNDLE_LIMITS.zipBytes) throw new BundleFormatError('The bundle is too large.');
  if (!isZip(data)) throw new BundleFormatError('Not a ZIP file');
  const contents = new Map<string, Uint8Array[]>();
  let total = 0;
  let files = 0;
  const unzip = new Unzip((file) => {
    const name = safeEntryName(file.name);
    if (name.endsWith('/') || IGNORED.some((pattern) => pattern.test(name))) return;
    files += 1;
    if (files > BUNDLE_LIMITS.files) throw new BundleFormatError('The bundle holds too many files.');
    if (contents.has(name)) throw new BundleFormatError(`The bundle holds ${name} twice.`);
    const chunks: Uint8Array[] = [];
    contents.set(name, chunks);
    let size = 0;
    file.ondata = (error, chunk) => {
      if (error) throw new BundleFormatError(`${name} cannot be unpacked.`);
      size += chunk.length;
      total += chunk.length;
      if (size > BUNDLE_LIMITS.fileBytes) throw new BundleFormatError(`${name} is too large once unpacked.`);
      if (total > BUNDLE_LIMITS.totalBytes)
        throw new BundleFormatError('The bundle is too large once unpacked.');
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < data.length; at += SLICE_BYTES) {
      unzip.push(data.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= data.length);
    }
  } catch (error) {
    if (error instanceof BundleFormatError) throw error;
    throw new BundleFormatError('The ZIP file cannot be read.');
  }
  return stripRoot(contents);
}

function stripRoot(contents: Map<string, Uint8Array[]>): Map<string, string> {
  const result = new Map<string, string>();
  for (const [name, chunks] of contents) {
    const slash = name.indexOf('/');
    // Files outside any folder are not Superset's layout; they keep their name and fail validation.
    const inner = slash < 0 ? name : name.slice(slash + 1);
    if (inner === '') continue;
    const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new BundleFormatError(`${inner} is not UTF-8 text.`);
    }
    if (result.has(inner)) throw new BundleFormatError(`The bundle holds ${inner} twice.`);
    result.set(inner, text);
  }
  return result;
}

/** A ZIP of `<root>/<path>` entries. */
export function writeBundle(root: string, files: ReadonlyMap<string, string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of files) entries[`${root}/${name}`] = strToU8(text);
  return zipSync(entries, { level: 6 });
}
