export {
  applyDashboardFilters,
  filterColumn,
  isActive as isDataMaskActive,
  type ApplyDashboardFiltersInput,
  type ApplyDashboardFiltersOutput,
  type AppliedFilterEntry,
  type IncompatibleFilterEntry,
  type DashboardFilterOverrides,
} from './apply-dashboard-filters';
export { chartInFilterScope, chartInCrossFilterScope, computeScope } from './scope';
export { mappedColumn } from './mappings';
export { findCascadeCycle, cascadeDescendants } from './cascade';
export {
  checkFilterConfiguration,
  unpairedFieldProblems,
  filterColumnsByDataset,
  type FilterConfigProblem,
  type FilterConfigCheck,
} from './validate-filters';
export { applyFiltersUpdate } from './filters-update';
export { filterOptionsQueryContext, type FilterOptionsQueryInput } from './filter-options-query';
export {
  CROSS_FILTER_SCOPING_SAVE_FAILED,
  crossFilterScopingReducer,
  dataMaskReducer,
  deleteDraftFilter,
  expireDraftDeletes,
  initialNativeFiltersState,
  nativeFiltersReducer,
  toggleSelectAll,
  undoDraftFilterDelete,
  type CrossFilterScopingAction,
  type CrossFilterScopingState,
  type DataMaskAction,
  type FilterDraft,
  type NativeFiltersAction,
  type NativeFiltersState,
  type SaveStatus,
  type SelectOptionState,
} from './reducers';
