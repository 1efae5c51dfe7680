import type { CrossDatasetMapping } from '@tessera/contracts';

/**
 * The column of dataset `toDatasetId` that stands for `column` of dataset `fromDatasetId` according to
 * the dashboard's cross-dataset mappings (applied both ways), or undefined when none is declared.
 */
export function mappedColumn(
  mappings: readonly CrossDatasetMapping[],
  fromDatasetId: number,
  column: string,
  toDatasetId: number,
): string | undefined {
  for (const { source, target } of mappings) {
    if (source.datasetId === fromDatasetId && source.column === column && target.datasetId === toDatasetId) {
      return target.column;
    }
    if (target.datasetId === fromDatasetId && target.column === column && source.datasetId === toDatasetId) {
      return source.column;
    }
  }
  return undefined;
}
