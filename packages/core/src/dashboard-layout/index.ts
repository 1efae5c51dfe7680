export { isValidChild, childDepth, LEAF_TYPES, WRAPPED_IN_ROW_TYPES } from './nesting-rules';
export { validateDashboardLayout, type LayoutCheck } from './validate-layout';
