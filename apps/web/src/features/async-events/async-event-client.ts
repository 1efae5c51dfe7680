import { ASYNC_CLIENT, asyncEventSchema, type AsyncEvent, type AsyncEventError } from '@tessera/contracts';

/** A job that ended with status `error`: its errors, as the event carried them. */
export class AsyncJobError extends Error {
  constructor(readonly errors: AsyncEventError[]) {
    super(errors[0]?.message ?? 'An error occurred');
    this.name = 'AsyncJobError';
  }
}

/** What the client needs of a WebSocket (the browser's, or a test's). */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((message: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  close(): void;
}

export interface AsyncEventClientOptions {
  transport: 'polling' | 'ws';
  pollingDelayMs: number;
  /** The socket's URL without last_id. */
  socketUrl: string;
  /** GET /api/v1/async_event/?last_id=; rejects when the read failed. */
  fetchEvents(lastId: string | null): Promise<AsyncEvent[]>;
  openSocket(url: string): SocketLike;
  warn(message: string): void;
}

interface Listener {
  resolve(resultUrl: string): void;
  reject(error: Error): void;
}

/**
 * The page's one async-event client (spec 001 §4, §9; reference §6): a listener per job id,
 * resolved with the job's result_url on `done` and rejected with its errors on `error`. Events of a
 * job nobody listens for yet are retried after 100 ms × attempt, 6 times, then dropped with a
 * warning. Transport `ws`: reconnects after 2.5 s up to 6 times (resuming after the last id seen),
 * then polls. Polling reads every GLOBAL_ASYNC_QUERIES_POLLING_DELAY ms while a job is awaited.
 */
export class AsyncEventClient {
  private readonly listeners = new Map<string, Listener>();
  private lastId: string | null = null;
  private mode: 'polling' | 'ws';
  private socket: SocketLike | null = null;
  private reconnects = 0;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private polling = false;
  private catchingUp = false;

  constructor(private readonly options: AsyncEventClientOptions) {
    this.mode = options.transport;
  }

  /** The transport in use: `ws`, or `polling` (configured, or after the socket gave up). */
  get transport(): 'polling' | 'ws' {
    return this.mode;
  }

  /** Resolves with the job's result_url once it is done; rejects with AsyncJobError, or on abort. */
  waitForJob(jobId: string, signal?: AbortSignal): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const forget = (): void => {
        this.listeners.delete(jobId);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        forget();
        reject(new DOMException('Aborted', 'AbortError'));
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort);
      this.listeners.set(jobId, {
        resolve: (url) => {
          forget();
          resolve(url);
        },
        reject: (error) => {
          forget();
          reject(error);
        },
      });
      this.start();
    });
  }

  private start(): void {
    if (this.mode === 'ws') {
      if (this.socket || this.catchingUp) return;
      if (this.lastId !== null) {
        this.connect();
        return;
      }
      // A socket opened without last_id sends only what comes after it, and a fast job may already
      // have ended: one read of the channel gives its end (and such events) to resume the socket from.
      this.catchingUp = true;
      this.options
        .fetchEvents(null)
        .then((events) => {
          this.receive(events, true);
        })
        .catch(() => undefined)
        .finally(() => {
          this.catchingUp = false;
          // An empty channel still has a position: everything after 0-0 is what came after the read.
          this.lastId ??= '0-0';
          if (this.mode === 'ws' && !this.socket) this.connect();
        });
      return;
    }
    this.schedulePoll(0);
  }

  private connect(): void {
    const url =
      this.lastId === null
        ? this.options.socketUrl
        : `${this.options.socketUrl}${this.options.socketUrl.includes('?') ? '&' : '?'}last_id=${encodeURIComponent(this.lastId)}`;
    const socket = this.options.openSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.reconnects = 0;
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      try {
        const event = asyncEventSchema.safeParse(JSON.parse(message.data));
        if (event.success) this.receive([event.data]);
      } catch {
        // A message that is not an event is not ours to act on.
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.reconnects += 1;
      if (this.reconnects <= ASYNC_CLIENT.wsReconnectAttempts) {
        setTimeout(() => {
          if (this.mode === 'ws' && !this.socket) this.connect();
        }, ASYNC_CLIENT.wsReconnectDelayMs);
        return;
      }
      this.options.warn('The async events WebSocket is unreachable: falling back to polling.');
      this.mode = 'polling';
      if (this.listeners.size > 0) this.schedulePoll(0);
    };
  }

  private schedulePoll(delay: number): void {
    if (this.pollTimer !== null || this.polling) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (this.listeners.size === 0) return;
    this.polling = true;
    try {
      this.receive(await this.options.fetchEvents(this.lastId));
    } catch {
      // A failed read is tried again at the next tick; the jobs are still running.
    } finally {
      this.polling = false;
    }
    if (this.listeners.size > 0) this.schedulePoll(this.options.pollingDelayMs);
  }

  /** `history`: events from before this page listened; those of jobs nobody awaits are not retried. */
  private receive(events: readonly AsyncEvent[], history = false): void {
    for (const event of events) {
      this.lastId = event.id;
      this.deliver(event, history ? ASYNC_CLIENT.unknownJobRetries : 0, history);
    }
  }

  private deliver(event: AsyncEvent, attempt: number, quiet = false): void {
    const listener = this.listeners.get(event.job_id);
    if (listener) {
      if (event.status === 'done' && event.result_url !== null) listener.resolve(event.result_url);
      else if (event.status === 'error') listener.reject(new AsyncJobError(event.errors));
      return;
    }
    if (event.status !== 'done' && event.status !== 'error') return;
    if (attempt >= ASYNC_CLIENT.unknownJobRetries) {
      if (quiet) return;
      this.options.warn(`Dropping the event of unknown job ${event.job_id}.`);
      return;
    }
    const next = attempt + 1;
    setTimeout(() => {
      this.deliver(event, next);
    }, ASYNC_CLIENT.unknownJobRetryBaseMs * next);
  }

  /** Closes the socket and stops polling (the page goes away). */
  close(): void {
    this.mode = 'polling';
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    for (const listener of [...this.listeners.values()])
      listener.reject(new DOMException('Aborted', 'AbortError'));
  }
}
