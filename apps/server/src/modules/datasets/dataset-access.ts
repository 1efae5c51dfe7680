import type { Principal } from '../security/principal';
import type { DatasetRow } from './datasets.repo';

/** Admin and all_datasource_access read every dataset; everyone else reads the ones they created. */
export const canSeeAllDatasets = (principal: Principal): boolean =>
  principal.can('all_datasource_access', 'all_datasource_access');

export const canSeeDataset = (principal: Principal, row: Pick<DatasetRow, 'created_by_fk'>): boolean =>
  canSeeAllDatasets(principal) || row.created_by_fk === principal.user.id;

/** Only the owner (its creator) or an Admin changes or deletes a dataset. */
export const canChangeDataset = (principal: Principal, row: Pick<DatasetRow, 'created_by_fk'>): boolean =>
  principal.isAdmin || row.created_by_fk === principal.user.id;
