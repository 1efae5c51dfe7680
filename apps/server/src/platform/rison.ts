import { createRequire } from 'node:module';
import { z } from 'zod';

const require = createRequire(import.meta.url);
const risonModule = z
  .object({ decode: z.function({ input: [z.string()], output: z.unknown() }) })
  .loose()
  .parse(require('rison'));

/** Decodes rison text (`(a:1,b:!(x,y))`); throws on malformed input. */
export function decodeRison(text: string): unknown {
  if (text.length > 100_000) throw new Error('rison argument too long');
  return risonModule.decode(text);
}
