import type { LimitingFactor } from '../state';

/**
 * Why the rows stop where they do (reference §2.2 limitingFactor), or null when the result is complete.
 * `rows` is the number of rows returned: a limited result has exactly as many rows as its limit.
 */
export function limitNotice(factor: LimitingFactor | null, rows: number | null): string | null {
  if (rows === null) return null;
  switch (factor) {
    case 'DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the dropdown.`;
    case 'QUERY':
      return `The number of rows displayed is limited to ${rows} by the LIMIT in the query.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${rows} by the LIMIT in the query and by the dropdown.`;
    default:
      return null;
  }
}

/** When the server cut the rows to DISPLAY_MAX_ROW (displayLimitReached). */
export function displayLimitNotice(displayMaxRow: number, maxRow: number): string {
  return (
    `Only the first ${displayMaxRow} rows are displayed. Add filters or a LIMIT to the query, ` +
    `or download the CSV to get up to ${maxRow} rows.`
  );
}
