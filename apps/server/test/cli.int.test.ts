import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const bin = path.join(root, 'apps/server/bin/tessera.mjs');
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-cli-'));
  dirs.push(dir);
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; for `start`, waits until `ready` matches stdout, then stops the server. */
function run(args: string[], env: Record<string, string>, ready?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [bin, ...args], {
      cwd: root,
      env: { ...process.env, TESSERA_LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (ready?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('tessera CLI', () => {
  it.each([
    ['a published default key', 'CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET', /published default/],
    ['a short key', 'too-short-key', /at least 32 bytes/],
  ])('refuses to start with %s', async (_name, key, message) => {
    const result = await run(['start'], {
      TESSERA_DATA_DIR: tempDir(),
      TESSERA_SECRET_KEY: key,
      TESSERA_PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('generates a secret key with mode 0600 and prints a generated admin password that logs in', async () => {
    const dataDir = tempDir();
    const env = { TESSERA_DATA_DIR: dataDir, TESSERA_PORT: '18391', TESSERA_HOST: '127.0.0.1' };
    let loginStatus = 0;
    const started = await new Promise<Run>((resolve, reject) => {
      const child = spawn('node', [bin, 'start'], {
        cwd: root,
        env: { ...process.env, TESSERA_LOG_LEVEL: 'warn', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const password = /password: (\S+)/.exec(stdout)?.[1];
        if (password && stdout.includes('Tessera is running')) {
          void fetch('http://127.0.0.1:18391/api/v1/security/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password, provider: 'db' }),
          })
            .then((response) => {
              loginStatus = response.status;
            })
            .finally(() => child.kill('SIGTERM'));
        }
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(started.stdout).toContain('Tessera admin account created.');
    expect(loginStatus).toBe(200);
    expect(statSync(path.join(dataDir, 'secret_key')).mode & 0o777).toBe(0o600);

    // The second start keeps the admin and prints no password.
    const again = await run(['start'], env, /Tessera is running/);
    expect(again.stdout).not.toContain('password:');
  });

  it('prints usage for unknown commands', async () => {
    const result = await run(['frobnicate'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown command: frobnicate');
  });

  it('exports and imports asset bundles', async () => {
    const dataDir = tempDir();
    const env = {
      TESSERA_DATA_DIR: dataDir,
      TESSERA_SECRET_KEY: 'cli-bundle-test-secret-key-0123456789abcdef',
      TESSERA_ADMIN_PASSWORD: 'cli-bundle-admin-pw-1',
    };
    expect((await run(['init'], env)).code).toBe(0);
    const source = path.join(dataDir, 'source.zip');
    writeFileSync(
      source,
      zipSync({
        'database_export_20260101T000000/metadata.yaml': strToU8('version: 1.0.0\ntype: Database\n'),
        'database_export_20260101T000000/databases/memory.yaml': strToU8(
          'database_name: memory\nsqlalchemy_uri: "sqlite://"\nuuid: 33333333-3333-4333-8333-333333333333\nversion: 1.0.0\n',
        ),
      }),
    );
    const imported = await run(['import', source], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Imported');
    const again = await run(['import', source], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Database already exists and `overwrite=true` was not passed');
    expect((await run(['import', source, '--overwrite'], env)).code).toBe(0);
    const out = path.join(dataDir, 'out.zip');
    const exported = await run(['export', '--type', 'database', '--ids', '1', '--out', out], env);
    expect(exported.code, exported.stderr).toBe(0);
    const names = Object.keys(unzipSync(new Uint8Array(readFileSync(out))));
    expect(names.some((name) => name.endsWith('/databases/memory.yaml'))).toBe(true);
  }, 300_000);
});
