import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN_PASSWORD } from './credentials';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A second `tessera start` of its own, on its own port and data dir, that a test may stop and start
 * again (the Playwright web server cannot be restarted). It serves the web app the e2e run built.
 */
export class TesseraProcess {
  readonly baseURL: string;
  private readonly dataDir: string;
  private child: ChildProcess | null = null;

  constructor(
    private readonly port: number,
    name: string,
    config?: Record<string, unknown>,
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
    this.dataDir = path.join(root, 'e2e', '.artifacts', name);
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(this.dataDir, { recursive: true });
    if (config) writeFileSync(path.join(this.dataDir, 'tessera.config.json'), JSON.stringify(config));
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['apps/server/bin/tessera.mjs', 'start'], {
      cwd: root,
      env: {
        ...process.env,
        TESSERA_PORT: String(this.port),
        TESSERA_HOST: '127.0.0.1',
        TESSERA_DATA_DIR: this.dataDir,
        TESSERA_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        TESSERA_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`tessera start exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${this.baseURL}/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`tessera start did not answer on ${this.baseURL} within 180 s`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child?.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
