import { REPORT_MESSAGES } from '@tessera/contracts';
import type { ReportReferences } from '../../context';
import { messageError } from '../../platform/errors';
import { reportNamesReferencing } from './reports.repo';

/**
 * Superset refuses deleting a chart, dashboard or database that alerts or reports use (422 'There are
 * associated alerts or reports: …'); the schedules would otherwise point at nothing.
 */
export const reportReferences: ReportReferences = {
  async refuseIfReferenced(db, kind, ids) {
    const names = await reportNamesReferencing(db, kind, ids);
    if (names.length > 0)
      throw messageError(422, REPORT_MESSAGES.referencedBy.replace('%s', names.join(',')));
  },
};
