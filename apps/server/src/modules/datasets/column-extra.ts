import type { DatasetColumnUpdate } from '@tessera/contracts';

/** What a column's `extra` says about trusting it (Superset keeps these in the column's extra JSON). */
export interface ColumnCertification {
  certified_by: string | null;
  certification_details: string | null;
  warning_text: string | null;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object of `extra` text; empty for null, blank, broken or non-object text. */
export function parseColumnExtra(text: string | null | undefined): JsonObject {
  if (text === null || text === undefined || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The certification and warning a column's `extra` holds. */
export function columnCertification(extra: string | null | undefined): ColumnCertification {
  const object = parseColumnExtra(extra);
  const certification = isObject(object.certification) ? object.certification : {};
  const certifiedBy = textOrNull(certification.certified_by);
  return {
    certified_by: certifiedBy,
    certification_details: certifiedBy === null ? null : textOrNull(certification.details),
    warning_text: textOrNull(object.warning_markdown),
  };
}

/**
 * The `extra` text to store for a column update: the sent `extra` (else the stored one), with the
 * sent certified_by / certification_details / warning_text written over it. A blank certifier
 * removes the certification, a blank warning removes the warning; an empty object stores null.
 */
export function columnExtraText(
  update: DatasetColumnUpdate,
  previous: string | null | undefined,
): string | null {
  const object = parseColumnExtra(update.extra === undefined ? previous : update.extra);
  if (update.certified_by !== undefined || update.certification_details !== undefined) {
    const current = columnCertification(JSON.stringify(object));
    const certifiedBy =
      update.certified_by === undefined ? current.certified_by : textOrNull(update.certified_by);
    const details =
      update.certification_details === undefined
        ? current.certification_details
        : textOrNull(update.certification_details);
    if (certifiedBy === null) delete object.certification;
    else object.certification = { certified_by: certifiedBy, details };
  }
  if (update.warning_text !== undefined) {
    const warning = textOrNull(update.warning_text);
    if (warning === null) delete object.warning_markdown;
    else object.warning_markdown = warning;
  }
  return Object.keys(object).length === 0 ? null : JSON.stringify(object);
}
