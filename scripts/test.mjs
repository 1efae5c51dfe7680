#!/usr/bin/env node
// `npm test`: every stage (typecheck, lint, import boundaries, format, vitest, Playwright). All stages run even when
// one fails, so a single run shows everything; the last line is the plain "N passed, N failed" summary. The static
// checks are single-threaded, so they run side by side (each one's output printed whole when it ends); the test
// stages use every core and run one after the other.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const stages = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'], static: true },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'], static: true },
  { name: 'boundaries', cmd: ['node', 'scripts/check-boundaries.mjs'], static: true },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'], static: true },
  // The report renderer's integration tests drive the built pages, and Playwright serves them: build once
  // here, from the shell (a build started inside Vitest gave pages whose charts never painted).
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'], before: ['vitest', 'e2e'] },
  {
    name: 'vitest',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(out, 'vitest.json')}`,
    ],
  },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'playwright.json') },
  },
].filter(
  (stage) =>
    only.length === 0 ||
    only.includes(stage.name) ||
    (stage.before ?? []).some((name) => only.includes(name)),
);

const failedStages = [];

/** Runs one stage; `buffered` keeps its output and prints it whole at the end, so parallel stages do not interleave. */
function runStage(stage, buffered) {
  const started = Date.now();
  const header = `\n==> ${stage.name}: ${stage.cmd.join(' ')}\n`;
  if (!buffered) process.stdout.write(header);
  return new Promise((resolve) => {
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...stage.env },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    let finished = false;
    const finish = (status) => {
      if (finished) return;
      finished = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (status !== 0) failedStages.push(stage.name);
      const output = buffered ? header + Buffer.concat(chunks).toString() : '';
      process.stdout.write(`${output}==> ${stage.name} ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`);
      resolve();
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

await Promise.all(stages.filter((stage) => stage.static).map((stage) => runStage(stage, true)));
for (const stage of stages.filter((stage) => !stage.static)) await runStage(stage, false);

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(path.join(out, 'vitest.json'));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = readJson(path.join(out, 'playwright.json'));
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
// A failing non-test stage (typecheck, lint, boundaries, format) counts as one failure so the summary never reads green.
failed += failedStages.filter((name) => name !== 'vitest' && name !== 'e2e').length;
if (failedStages.length > 0) process.stdout.write(`\nFailed stages: ${failedStages.join(', ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failedStages.length > 0 || failed > 0 ? 1 : 0);
