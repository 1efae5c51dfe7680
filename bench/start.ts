/**
 * Start-up benchmark: time from spawning `tessera start` to the first 200 from /health, on a fresh data dir
 * (first start: migrations, admin, example generation) and again on the existing one. The baseline, measured
 * in the same run, is a bare Node process that serves one HTTP response. Run: npx tsx bench/start.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(port: number, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out waiting for /health');
}

async function timeStart(command: string[], env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0] ?? 'node', command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(port, child, 120_000);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('OK')).listen(Number(process.env.PORT), '127.0.0.1')`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-start-'));
  try {
    const port = await freePort();
    const baseline = await timeStart(['node', '-e', BARE_SERVER], { PORT: String(port) }, port);
    const env = {
      TESSERA_PORT: String(port),
      TESSERA_HOST: '127.0.0.1',
      TESSERA_DATA_DIR: dataDir,
      TESSERA_ADMIN_PASSWORD: 'bench-admin-password',
      TESSERA_LOG_LEVEL: 'warn',
    };
    const command = ['node', 'apps/server/bin/tessera.mjs', 'start'];
    const first = await timeStart(command, env, port);
    const warm: number[] = [];
    for (let i = 0; i < 3; i += 1) warm.push(await timeStart(command, env, port));
    const warmMedian = [...warm].sort((a, b) => a - b)[1] ?? Number.NaN;
    const rows = [
      ['bare node http server (baseline)', baseline, null],
      ['first start incl. example generation', first, 30_000],
      ['start with existing data dir (median of 3)', warmMedian, 3000],
    ] as const;
    for (const [name, ms, target] of rows) {
      const ratio = (ms / baseline).toFixed(1);
      const verdict =
        target === null
          ? ''
          : ms <= target
            ? `  target < ${target} ms: met`
            : `  target < ${target} ms: MISSED`;
      process.stdout.write(
        `${name.padEnd(46)} ${ms.toFixed(0).padStart(7)} ms  (${ratio}x baseline)${verdict}\n`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
