/**
 * The row limits offered in the limit dropdown: powers of ten from 10 that are below SQL_MAX_ROW, then
 * SQL_MAX_ROW itself (reference §2.7).
 */
export function limitOptions(maxRow: number): number[] {
  const options: number[] = [];
  for (let limit = 10; limit < maxRow; limit *= 10) options.push(limit);
  options.push(maxRow);
  return options;
}

/** '1,000', '100,000': grouped digits so the order of magnitude reads at a glance. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
