import {
  canReadDatasetOf,
  hasAllDatabaseAccess,
  type DatabaseRef,
  type DatasetRef,
} from '../security/grants';
import type { Principal } from '../security/principal';

/** Admin, all_datasource_access and all_database_access read every dataset. */
export const canSeeAllDatasets = (principal: Principal): boolean => hasAllDatabaseAccess(principal);

/** Grants (database, schema or datasource access) or ownership: security/grants.ts; guests: their grant. */
export const canSeeDataset = (
  principal: Principal,
  database: DatabaseRef,
  dataset: DatasetRef,
  ownerIds: readonly number[],
): boolean =>
  // An embedded viewer reads exactly the datasets its guest grant lists (its dashboards' charts and filters).
  principal.guest
    ? principal.guest.datasetIds.includes(dataset.id)
    : canReadDatasetOf(principal, database, dataset, ownerIds);

/** Only an owner or an Admin changes or deletes a dataset. */
export const canChangeDataset = (principal: Principal, ownerIds: readonly number[]): boolean =>
  principal.isAdmin || ownerIds.includes(principal.user.id);
