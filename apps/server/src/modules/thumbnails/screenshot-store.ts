/**
 * Screenshots and thumbnails kept in this process, by object, digest, viewer and size. A render is
 * started once per key (later asks see it running); a failed one is forgotten, so the next ask retries.
 * The oldest pictures go first beyond `capacity` (they are large; a new digest makes old ones useless).
 */
export type StoredShot = { state: 'rendering' } | { state: 'ready'; png: Buffer };

export class ScreenshotStore {
  private readonly entries = new Map<string, StoredShot>();

  constructor(private readonly capacity: number) {}

  get(key: string): StoredShot | undefined {
    return this.entries.get(key);
  }

  /** Starts `render` for `key` unless it is running or done (or `force`, which renders anew). */
  start(key: string, render: () => Promise<Buffer>, onError: (error: unknown) => void, force = false): void {
    const current = this.entries.get(key);
    if (current?.state === 'rendering' || (current !== undefined && !force)) return;
    this.entries.set(key, { state: 'rendering' });
    render().then(
      (png) => {
        this.entries.delete(key);
        this.entries.set(key, { state: 'ready', png });
        for (const oldest of this.entries.keys()) {
          if (this.entries.size <= this.capacity) break;
          this.entries.delete(oldest);
        }
      },
      (error: unknown) => {
        this.entries.delete(key);
        onError(error);
      },
    );
  }
}
