export { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './post-processing-error';
export { FLAT_COLUMN_SEPARATOR, NULL_STRING, createFrame, flatName, type Frame, type Row } from './frame';
export { applyPostProcessing, POST_PROCESSING_OPERATIONS } from './apply-post-processing';
export type { Operation } from './define-operation';
export { AGGREGATORS } from './aggregators';
export { aggregate, aggregateOptions, type AggregateOptions } from './aggregate';
export { BOXPLOT_STATS, boxplot, boxplotOptions, type BoxplotOptions } from './boxplot';
export {
  COMPARE_TYPES,
  TIME_COMPARISON_SEPARATOR,
  compare,
  compareOptions,
  type CompareOptions,
} from './compare';
export { contribution, contributionOptions, type ContributionOptions } from './contribution';
export { CUM_OPERATORS, cum, cumOptions, type CumOptions } from './cum';
export { diff, diffOptions, type DiffOptions } from './diff';
export { flatten, flattenOptions, type FlattenOptions } from './flatten';
export { histogram, histogramOptions, type HistogramOptions } from './histogram';
export { pivot, pivotOptions, type PivotOptions } from './pivot';
export { rank, rankOptions, type RankOptions } from './rank';
export { rename, renameOptions, type RenameOptions } from './rename';
export { RESAMPLE_METHODS, resample, resampleOptions, type ResampleOptions } from './resample';
export { ROLLING_TYPES, rolling, rollingOptions, type RollingOptions } from './rolling';
export { select, selectOptions, type SelectOptions } from './select';
export { sort, sortOptions, type SortOptions } from './sort';
