import { supersetErrorSchema, type SupersetError } from '@tessera/contracts';
import type { Query } from '../state';

/**
 * The SIP-40 errors of a failed query: those its own request answered, else those the server kept
 * on the row (`extra.errors`), which is all an async run that failed on a worker has, so that its
 * error is drawn by type (issue codes and all) like a sync one.
 */
export function sip40ErrorsOf(query: Pick<Query, 'errors' | 'extra'>): SupersetError[] | null {
  if (query.errors !== null) return query.errors;
  const kept = supersetErrorSchema.array().safeParse(query.extra.errors);
  return kept.success && kept.data.length > 0 ? kept.data : null;
}
