import type {
  ConnectorError,
  ConnectorSession,
  ExecuteOptions,
  ExecuteResult,
  RowBatch,
  StreamOptions,
} from '@tessera/connectors';

/** A connector session that gives its query slot back when it closes (once, whatever happens). */
export class SlottedSession implements ConnectorSession {
  private released = false;

  constructor(
    private readonly inner: ConnectorSession,
    private readonly releaseSlot: () => void,
  ) {}

  execute(sql: string, options: ExecuteOptions): Promise<ExecuteResult> {
    return this.inner.execute(sql, options);
  }

  stream(sql: string, options?: StreamOptions): AsyncIterable<RowBatch> {
    return this.inner.stream(sql, options);
  }

  explain(sql: string): Promise<Record<string, unknown>[]> {
    return this.inner.explain(sql);
  }

  checkSyntax(sql: string): Promise<ConnectorError | null> {
    return this.inner.checkSyntax(sql);
  }

  cancel(): Promise<void> {
    return this.inner.cancel();
  }

  async close(): Promise<void> {
    try {
      await this.inner.close();
    } finally {
      if (!this.released) {
        this.released = true;
        this.releaseSlot();
      }
    }
  }
}
