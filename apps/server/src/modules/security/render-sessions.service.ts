import type { MetadataDb } from '../../db/kysely';
import { createSession, deleteSession, SESSION_COOKIE, sessionIdOf } from './sessions';

export { SESSION_COOKIE };

/** A session minted for a server-side browser acting as a user; `end` deletes it. */
export interface RenderSession {
  /** The cookie value: a secret, never logged. */
  token: string;
  expires: Date;
  end(): Promise<void>;
}

/**
 * A short-lived cookie session for `userId`, for the report renderer's headless browser: the pages it
 * opens see exactly what that user may see. It is an ordinary session row (so deactivating the user or
 * changing their password ends it at once) that the renderer deletes when the render ends.
 */
export async function openRenderSession(
  db: MetadataDb,
  userId: number,
  ttlSeconds: number,
): Promise<RenderSession> {
  const { token, expires } = await createSession(db, userId, ttlSeconds / 3600);
  const sessionId = sessionIdOf(token);
  return {
    token,
    expires,
    end: () => deleteSession(db, sessionId),
  };
}
