import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for what the suites of one run build once and share (see harness.ts), gone after the run. */
    sharedDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-test-shared-'));
  project.provide('sharedDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
