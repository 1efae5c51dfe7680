import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for what the suites of one run build once and share (see harness.ts), gone after the run. */
    sharedDir: string;
  }
}

/** The PostgreSQL metadata database the run's servers copy (harness.ts), named after the shared folder. */
export function metadataTemplateName(sharedDir: string): string {
  return `tessera_meta_tpl_${path
    .basename(sharedDir)
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()}`;
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-test-shared-'));
  project.provide('sharedDir', dir);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${metadataTemplateName(dir)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
