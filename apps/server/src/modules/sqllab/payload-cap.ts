import type { ResultColumn } from '@tessera/connectors';
import { buildSupersetError, type AppConstants, type ResultColumn as ShapedColumn } from '@tessera/contracts';
import { QueryFailure } from './failure';
import { responseColumns, rowObjects } from './payload';

/** SQLLAB_PAYLOAD_MAX_MB counts mebibytes, as Superset does. */
const BYTES_IN_MB = 1024 * 1024;

/** Rows serialised at a time while measuring, so that no string lands in V8's large-object space. */
const MEASURE_ROWS = 200;

/** The cap in bytes, or null when SQLLAB_PAYLOAD_MAX_MB is not set. */
export function payloadCapBytes(constants: Pick<AppConstants, 'SQLLAB_PAYLOAD_MAX_MB'>): number | null {
  const mb = constants.SQLLAB_PAYLOAD_MAX_MB;
  return mb === null ? null : mb * BYTES_IN_MB;
}

/**
 * Megabytes for a message, rounded up to three significant digits so that a size just over the cap
 * never reads as the cap itself.
 */
export function megabytesText(bytes: number): string {
  const value = bytes / BYTES_IN_MB;
  if (value <= 0) return '0';
  const scale = 10 ** (2 - Math.floor(Math.log10(value)));
  return String(Math.ceil(value * scale - 1e-9) / scale);
}

/**
 * The SIP-40 failure of a result over the cap. `complete` is false when the run was stopped as soon
 * as it went over (sync), so the size is what had been read by then.
 */
export function resultTooLarge(bytes: number, capMb: number, complete: boolean): QueryFailure {
  const size = complete ? `${megabytesText(bytes)} MB` : `more than ${megabytesText(bytes)} MB`;
  return new QueryFailure(
    400,
    buildSupersetError(
      'RESULT_TOO_LARGE_ERROR',
      `The query result is ${size}, over the ${capMb} MB that SQL Lab may return (SQLLAB_PAYLOAD_MAX_MB). Return fewer rows or columns, for example with a LIMIT.`,
      { payload_max_mb: capMb },
    ),
  );
}

/**
 * The size of a result as SQL Lab's JSON payload spells it: the columns once (as the body's
 * `columns` and `selected_columns`) and every row as an object keyed by column label.
 */
export class PayloadMeter {
  private readonly shaped: ShapedColumn[];
  bytes: number;

  constructor(columns: readonly ResultColumn[]) {
    this.shaped = responseColumns(columns);
    this.bytes = 2 * Buffer.byteLength(JSON.stringify(this.shaped));
  }

  /** Counts rows; true once the total is over `capBytes`. */
  add(rows: readonly unknown[][], capBytes: number): boolean {
    for (let start = 0; start < rows.length && this.bytes <= capBytes; start += MEASURE_ROWS) {
      const piece = rows.length <= MEASURE_ROWS ? rows : rows.slice(start, start + MEASURE_ROWS);
      // The piece's brackets stand for the commas around it in the whole data array.
      this.bytes += Buffer.byteLength(JSON.stringify(rowObjects(this.shaped, piece)));
    }
    return this.bytes > capBytes;
  }
}
