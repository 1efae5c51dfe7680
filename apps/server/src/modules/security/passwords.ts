import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's minimum memory cost; verification reads the parameters from the hash.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Compared against when the user does not exist, so both paths cost the same time. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('tessera-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
