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
  private readonly workers: ChildProcess[] = [];

  /** `env` is added to every process this starts (e.g. REDIS_URL and a metadata URL for workers). */
  constructor(
    private readonly port: number,
    name: string,
    config?: Record<string, unknown>,
    private readonly env: Record<string, string> = {},
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
      env: this.processEnv(),
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

  private processEnv(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      TESSERA_PORT: String(this.port),
      TESSERA_HOST: '127.0.0.1',
      TESSERA_DATA_DIR: this.dataDir,
      TESSERA_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      TESSERA_LOG_LEVEL: 'warn',
      ...this.env,
    };
  }

  /**
   * A `tessera worker` with the same settings (it needs REDIS_URL in `env`); resolves once it consumes
   * jobs. `stop()` stops it too.
   */
  async startWorker(): Promise<ChildProcess> {
    const worker = spawn(process.execPath, ['apps/server/bin/tessera.mjs', 'worker'], {
      cwd: root,
      env: this.processEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.workers.push(worker);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      worker.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('Tessera worker is consuming')) resolve();
      });
      worker.once('exit', (code, signal) => {
        reject(new Error(`tessera worker exited (${String(code ?? signal)}) before it was ready`));
      });
    });
    return worker;
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => stopChild(worker)));
    const child = this.child;
    this.child = null;
    if (child) await stopChild(child);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
