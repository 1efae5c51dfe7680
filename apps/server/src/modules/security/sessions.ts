import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MetadataDb } from '../../db/kysely';
import { nowIso } from '../../db/kysely';

export const SESSION_COOKIE = 'tessera_session';

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: MetadataDb,
  userId: number,
  ttlHours: number,
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ttlHours * 3600_000);
  await db
    .insertInto('sessions')
    .values({ id: digest(token), user_id: userId, created_on: nowIso(), expires_on: expires.toISOString() })
    .execute();
  return { token, expires };
}

/** The user id behind a live session cookie, or null. Expired rows are removed on sight. */
export async function resolveSession(
  db: MetadataDb,
  token: string,
): Promise<{ userId: number; sessionId: string } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const id = digest(token);
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_on'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_on <= nowIso()) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  return { userId: row.user_id, sessionId: id };
}

export async function deleteSession(db: MetadataDb, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: MetadataDb, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** The CSRF token is an HMAC of the session id: nothing to store, and useless with another session. */
export function csrfTokenFor(key: Buffer, sessionId: string): string {
  return createHmac('sha256', key).update(sessionId).digest('base64url');
}

export function csrfTokenMatches(key: Buffer, sessionId: string, presented: string): boolean {
  const expected = Buffer.from(csrfTokenFor(key, sessionId));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
