import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nowIso, openMetadataStore, type MetadataStore } from '../../db/kysely';
import { migrateToLatest } from '../../db/migrate';
import { SessionMemo } from './session-memo';
import {
  createSession,
  createTokenSession,
  deleteSession,
  resolveSession,
  resolveTokenSession,
  sessionIdOf,
  type SessionLookupMemo,
} from './sessions';

/**
 * The session memo must never answer for a row that is gone: every revocation path, by this process or
 * by another process sharing the SQLite file, shows on the very next lookup with the memo warm.
 */
describe('session lookups remembered under the store change stamp', () => {
  let dir: string;
  let store: MetadataStore;
  /** A second process's connection to the same metadata file. */
  let other: MetadataStore;
  let memo: SessionLookupMemo;
  let userId: number;

  const addUser = async (name: string): Promise<number> => {
    const now = nowIso();
    const row = await store.db
      .insertInto('users')
      .values({
        username: name,
        first_name: name,
        last_name: name,
        email: `${name}@example.com`,
        password_hash: 'x',
        active: 1,
        login_count: 0,
        fail_login_count: 0,
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-session-memo-'));
    const url = `sqlite:${path.join(dir, 'metadata.db')}`;
    store = openMetadataStore(url);
    await migrateToLatest(store);
    other = openMetadataStore(url);
    memo = { sessions: new SessionMemo(), changeStamp: () => store.changeStamp() };
    userId = await addUser('memo_user');
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A token session resolved twice, so that the second answer came from the memo. */
  const warmTokenSession = async (): Promise<{ userId: number; sid: string }> => {
    const subject = { userId, sid: await createTokenSession(store.db, userId, 3600) };
    expect(await resolveTokenSession(store.db, subject, memo)).toBe(sessionIdOf(subject.sid));
    expect(memo.sessions.size).toBe(1);
    expect(await resolveTokenSession(store.db, subject, memo)).toBe(sessionIdOf(subject.sid));
    return subject;
  };

  it('answers from memory while nothing was written', async () => {
    const subject = await warmTokenSession();
    const stamp = store.changeStamp();
    expect(stamp).not.toBeNull();
    expect(store.changeStamp()).toBe(stamp);
    // Proof that the memo answers: a store without the row would say null if it were read.
    const empty = openMetadataStore(`sqlite:${path.join(dir, 'empty.db')}`);
    try {
      await migrateToLatest(empty);
      expect(await resolveTokenSession(empty.db, subject, memo)).toBe(sessionIdOf(subject.sid));
      expect(await resolveTokenSession(empty.db, subject, null)).toBeNull();
    } finally {
      await empty.close();
    }
  });

  it('sees a logout by this process at once', async () => {
    const subject = await warmTokenSession();
    await deleteSession(store.db, sessionIdOf(subject.sid));
    expect(await resolveTokenSession(store.db, subject, memo)).toBeNull();
  });

  it('sees a revocation by another process at once', async () => {
    const subject = await warmTokenSession();
    await other.db.deleteFrom('sessions').where('id', '=', sessionIdOf(subject.sid)).execute();
    expect(await resolveTokenSession(store.db, subject, memo)).toBeNull();
  });

  it('sees a deleted user (sessions cascading) from another process at once', async () => {
    const subject = await warmTokenSession();
    await other.db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await resolveTokenSession(store.db, subject, memo)).toBeNull();
  });

  it('sees a session row expired by another process at once, and never serves an expired entry', async () => {
    const subject = await warmTokenSession();
    await other.db
      .updateTable('sessions')
      .set({ expires_on: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionIdOf(subject.sid))
      .execute();
    expect(await resolveTokenSession(store.db, subject, memo)).toBeNull();
  });

  it('does not hand a cookie session to a token lookup or the other way round', async () => {
    const cookie = await createSession(store.db, userId, 1);
    expect(await resolveSession(store.db, cookie.token, memo)).toEqual({
      userId,
      sessionId: sessionIdOf(cookie.token),
    });
    expect(await resolveTokenSession(store.db, { userId, sid: cookie.token }, memo)).toBeNull();
    await other.db.deleteFrom('sessions').execute();
    expect(await resolveSession(store.db, cookie.token, memo)).toBeNull();
  });

  it('has no stamp inside an open transaction of its own connection', async () => {
    await store.db.transaction().execute(async (trx) => {
      await trx.selectFrom('sessions').select('id').execute();
      expect(store.changeStamp()).toBeNull();
    });
    expect(store.changeStamp()).not.toBeNull();
  });

  it('drops a row read under a stamp that has moved on', () => {
    const sessions = new SessionMemo();
    expect(sessions.get('a', '1:1')).toBeUndefined();
    // A write (stamp 1:2) was seen by another lookup before this row read under 1:1 came back.
    expect(sessions.get('b', '1:2')).toBeUndefined();
    sessions.remember('a', { userId: 1, kind: 'token', expiresOn: '9999' }, '1:1');
    expect(sessions.size).toBe(0);
    sessions.remember('a', { userId: 1, kind: 'token', expiresOn: '9999' }, '1:2');
    expect(sessions.get('a', '1:2')?.userId).toBe(1);
    expect(sessions.get('a', '2:2')).toBeUndefined();
  });
});
