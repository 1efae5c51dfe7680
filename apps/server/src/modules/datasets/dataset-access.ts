import type { Principal } from '../security/principal';

/** Admin and all_datasource_access read every dataset; everyone else reads the ones they own. */
export const canSeeAllDatasets = (principal: Principal): boolean =>
  principal.can('all_datasource_access', 'all_datasource_access');

export const canSeeDataset = (principal: Principal, ownerIds: readonly number[]): boolean =>
  canSeeAllDatasets(principal) || ownerIds.includes(principal.user.id);

/** Only an owner or an Admin changes or deletes a dataset. */
export const canChangeDataset = (principal: Principal, ownerIds: readonly number[]): boolean =>
  principal.isAdmin || ownerIds.includes(principal.user.id);
