export {
  DEFAULT_EXAMPLES_SEED,
  EXAMPLE_TABLES,
  generateExamples,
  type ExampleTableName,
  type ExamplesSummary,
  type GenerateExamplesOptions,
} from './generate';
export { EXAMPLES_FILE } from './examples-file';
export { examplesFileIsCurrent } from './examples-current';
