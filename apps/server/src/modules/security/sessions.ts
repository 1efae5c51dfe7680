import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MetadataDb } from '../../db/kysely';
import { nowIso } from '../../db/kysely';
import type { SessionKind } from '../../db/schema';
import type { SessionMemo } from './session-memo';
import type { TokenSubject } from './tokens';

/**
 * Where a request's session lookup may answer from memory: the process's memo and the metadata store's
 * change stamp it is checked against (session-memo.ts). Without it the row is read every time.
 */
export interface SessionLookupMemo {
  sessions: SessionMemo;
  changeStamp(): string | null;
}

export const SESSION_COOKIE = 'tessera_session';

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The stored id of a session: the digest of its cookie token. */
export const sessionIdOf = digest;

/** Stores a new session of the given kind, after clearing the user's sessions that have expired. */
async function insertSession(
  db: MetadataDb,
  userId: number,
  kind: SessionKind,
  expires: Date,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const now = nowIso();
  // Scripts log in on every run: without this, their token sessions would pile up for the refresh TTL.
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_on', '<=', now).execute();
  await db
    .insertInto('sessions')
    .values({ id: digest(secret), user_id: userId, kind, created_on: now, expires_on: expires.toISOString() })
    .execute();
  return secret;
}

/** A browser session: the returned token goes into the cookie, only its digest is stored. */
export async function createSession(
  db: MetadataDb,
  userId: number,
  ttlHours: number,
): Promise<{ token: string; expires: Date }> {
  const expires = new Date(Date.now() + ttlHours * 3600_000);
  return { token: await insertSession(db, userId, 'cookie', expires), expires };
}

/**
 * The session behind one API login: its access and refresh tokens carry the returned `sid`, and live
 * only as long as the session row does (logout, password change and deactivation delete it).
 */
export async function createTokenSession(
  db: MetadataDb,
  userId: number,
  ttlSeconds: number,
): Promise<string> {
  return insertSession(db, userId, 'token', new Date(Date.now() + ttlSeconds * 1000));
}

async function liveSession(
  db: MetadataDb,
  secret: string,
  kind: SessionKind,
  memo: SessionLookupMemo | null,
): Promise<{ userId: number; sessionId: string } | null> {
  if (secret.length < 20 || secret.length > 100) return null;
  const id = digest(secret);
  // Taken before the row is read: a write after it moves the stamp, so the row is never kept past it.
  const stamp = memo?.changeStamp() ?? null;
  if (memo && stamp !== null) {
    const known = memo.sessions.get(id, stamp);
    if (known?.kind === kind && known.expiresOn > nowIso()) return { userId: known.userId, sessionId: id };
  }
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_on', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.kind !== kind) return null;
  if (row.expires_on <= nowIso()) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (memo && stamp !== null)
    memo.sessions.remember(id, { userId: row.user_id, kind, expiresOn: row.expires_on }, stamp);
  return { userId: row.user_id, sessionId: id };
}

/** The user id behind a live session cookie, or null. Expired rows are removed on sight. */
export function resolveSession(
  db: MetadataDb,
  token: string,
  memo: SessionLookupMemo | null = null,
): Promise<{ userId: number; sessionId: string } | null> {
  return liveSession(db, token, 'cookie', memo);
}

/**
 * The session id of a verified token's subject while its session stands, else null. Checked on every
 * bearer request, so a revocation holds at once in every process: the row is read, or remembered only
 * while the store's change stamp shows no write since it was read.
 */
export async function resolveTokenSession(
  db: MetadataDb,
  subject: TokenSubject,
  memo: SessionLookupMemo | null = null,
): Promise<string | null> {
  const session = await liveSession(db, subject.sid, 'token', memo);
  return session?.userId === subject.userId ? session.sessionId : null;
}

export async function deleteSession(db: MetadataDb, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: MetadataDb, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of the user but the one still in use (a password change from that session). */
export async function deleteOtherUserSessions(
  db: MetadataDb,
  userId: number,
  keepSessionId: string | null,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
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
