import { randomBytes } from 'node:crypto';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { childPidWithArg, treeRssBytes } from './process-memory';
import { RenderError } from './render-error';

export interface BrowserPoolOptions {
  executablePath: string;
  /** Pages rendering at once; more callers wait in line. */
  concurrency: number;
  /** A browser is retired after this many renders... */
  recycleAfter: number;
  /** ...or once it and its child processes hold more than this many MB. */
  maxRssMb: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** One launched browser. Retired ones finish their renders, then close. */
interface Generation {
  browser: Browser;
  /** The browser's process id, found by a marker switch; null where /proc is missing. */
  pid: number | null;
  renders: number;
  active: number;
  retired: boolean;
  dead: boolean;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--hide-scrollbars',
  '--font-render-hinting=none',
];

/** A FIFO counting semaphore: the concurrency cap. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  get queued(): number {
    return this.waiting.length;
  }
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

export interface PoolStats {
  /** Renders running now. */
  active: number;
  /** The most renders that ever ran at once. */
  peakActive: number;
  queued: number;
  launches: number;
  renders: number;
}

/**
 * Headless Chromium for report renders: one browser at a time, a fresh context (cookies, storage) per
 * render, at most `concurrency` renders at once. The browser is replaced after `recycleAfter` renders
 * or when its processes grow past `maxRssMb`, and relaunched on the next render when it died.
 */
export class BrowserPool {
  private readonly slots: Slots;
  private current: Generation | null = null;
  private launching: Promise<Generation> | null = null;
  private closed = false;
  private readonly stats: PoolStats = { active: 0, peakActive: 0, queued: 0, launches: 0, renders: 0 };

  constructor(private readonly options: BrowserPoolOptions) {
    this.slots = new Slots(options.concurrency);
  }

  snapshot(): PoolStats {
    return { ...this.stats, queued: this.slots.queued };
  }

  /** The live browser's process id (tests kill it to check recovery); null when none runs. */
  browserPid(): number | null {
    return this.current?.pid ?? null;
  }

  private async launch(): Promise<Generation> {
    const marker = `--tessera-render-pool=${randomBytes(8).toString('hex')}`;
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.options.executablePath,
        headless: true,
        args: [...CHROMIUM_ARGS, marker],
      });
    } catch (error) {
      throw new RenderError(
        `Chromium could not be started from ${this.options.executablePath}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`,
        'BROWSER_LAUNCH_FAILED',
        { cause: error },
      );
    }
    const generation: Generation = {
      browser,
      pid: childPidWithArg(marker),
      renders: 0,
      active: 0,
      retired: false,
      dead: false,
    };
    browser.on('disconnected', () => {
      generation.dead = true;
      if (this.current === generation) this.current = null;
      if (!generation.retired) this.options.log?.('report browser exited', { pid: generation.pid });
    });
    this.stats.launches += 1;
    return generation;
  }

  private needsRecycling(generation: Generation): string | null {
    if (generation.dead) return 'exited';
    if (generation.renders >= this.options.recycleAfter) return 'render count';
    if (generation.pid !== null && treeRssBytes(generation.pid) > this.options.maxRssMb * 1024 * 1024)
      return 'memory';
    return null;
  }

  private retire(generation: Generation, reason: string): void {
    if (this.current === generation) this.current = null;
    if (generation.retired) return;
    generation.retired = true;
    this.options.log?.('report browser retired', {
      pid: generation.pid,
      reason,
      renders: generation.renders,
    });
    if (generation.active === 0) void generation.browser.close().catch(() => undefined);
  }

  private async generation(): Promise<Generation> {
    if (this.current !== null) {
      const reason = this.needsRecycling(this.current);
      if (reason === null) return this.current;
      this.retire(this.current, reason);
    }
    // Renders that arrive together share one launch.
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    const generation = await this.launching;
    if (this.closed) {
      await generation.browser.close().catch(() => undefined);
      throw new RenderError('The renderer is closed', 'CLOSED');
    }
    this.current ??= generation;
    return generation;
  }

  /**
   * Runs `work` on a new page of a new context, within the concurrency cap. After `timeoutMs` the
   * context is closed (which ends whatever the page was doing) and a TIMEOUT RenderError is thrown.
   * A browser that dies meanwhile gives BROWSER_CRASHED; the next render launches a new one.
   */
  async withPage<T>(
    contextOptions: BrowserContextOptions,
    timeoutMs: number,
    work: (page: Page, context: BrowserContext) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new RenderError('The renderer is closed', 'CLOSED');
    await this.slots.acquire();
    this.stats.active += 1;
    this.stats.peakActive = Math.max(this.stats.peakActive, this.stats.active);
    try {
      const generation = await this.generation();
      generation.active += 1;
      generation.renders += 1;
      this.stats.renders += 1;
      let context: BrowserContext | null = null;
      let timer: NodeJS.Timeout | undefined;
      // An object, so the check after the race sees the timer's write.
      const deadline = { passed: false };
      try {
        context = await generation.browser.newContext(contextOptions);
        const opened = context;
        const page = await opened.newPage();
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            deadline.passed = true;
            reject(
              new RenderError(
                `The render did not finish within ${String(Math.round(timeoutMs / 1000))} s`,
                'TIMEOUT',
              ),
            );
            void opened.close().catch(() => undefined);
          }, timeoutMs);
        });
        const running = work(page, opened);
        // The loser of the race still settles; its rejection must not go unhandled.
        running.catch(() => undefined);
        return await Promise.race([running, timeout]);
      } catch (error) {
        if (deadline.passed)
          throw new RenderError(
            `The render did not finish within ${String(Math.round(timeoutMs / 1000))} s`,
            'TIMEOUT',
          );
        if (generation.dead || !generation.browser.isConnected()) {
          throw new RenderError('The browser stopped during the render', 'BROWSER_CRASHED', { cause: error });
        }
        throw error;
      } finally {
        clearTimeout(timer);
        if (context !== null) await context.close().catch(() => undefined);
        generation.active -= 1;
        if (generation.retired && generation.active === 0)
          void generation.browser.close().catch(() => undefined);
      }
    } finally {
      this.stats.active -= 1;
      this.slots.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const generation = this.current ?? (this.launching ? await this.launching.catch(() => null) : null);
    this.current = null;
    if (generation !== null) await generation.browser.close().catch(() => undefined);
  }
}
