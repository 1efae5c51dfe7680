import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { z } from 'zod';

const require = createRequire(import.meta.url);

/**
 * Opens the file READ_ONLY with external access off, runs `SELECT 1` and prints one JSON line.
 * argv: [node, driverPath, filePath]. Plain CommonJS, so no loader of the parent is needed.
 */
const PROBE_SOURCE = String.raw`
'use strict';
const { DuckDBInstance } = require(process.argv[1]);
const fs = require('node:fs');
const file = process.argv[2];
const done = (body) => process.stdout.write(JSON.stringify(body) + '\n');
(async () => {
  if (!fs.existsSync(file)) throw new Error('IO Error: the database file "' + file + '" does not exist.');
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY', enable_external_access: 'false' });
  const conn = await instance.connect();
  await conn.run('SELECT 1');
  conn.closeSync();
  instance.closeSync();
  done({ ok: true });
})().catch((error) => done({ ok: false, message: String((error && error.message) || error) }));
`;

const replySchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

export class DuckdbProbeError extends Error {}

/** Tries a DuckDB file in a child process; resolves when it opens, rejects with DuckDB's message otherwise. */
export function probeDuckdbFile(filePath: string): Promise<void> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['-e', PROBE_SOURCE, require.resolve('@duckdb/node-api'), filePath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new DuckdbProbeError(error.message)));
    child.on('close', () => {
      let reply: z.infer<typeof replySchema> | undefined;
      try {
        reply = replySchema.parse(JSON.parse(stdout.trim().split('\n').pop() ?? ''));
      } catch {
        reject(new DuckdbProbeError(`IO Error: the DuckDB probe process failed. ${stderr.trim()}`.trim()));
        return;
      }
      if (reply.ok) resolve();
      else reject(new DuckdbProbeError(reply.message));
    });
  });
}
