#!/usr/bin/env node
// `npm run boundaries` (and the `boundaries` stage of `npm test`): fails when an import breaks a boundary rule.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from './boundaries/check.mjs';
import { config } from './boundaries/config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const violations = checkBoundaries(root, config);
const ms = Math.round(performance.now() - started);
for (const v of violations)
  process.stdout.write(`${v.file}${v.line ? `:${v.line}` : ''}  [${v.rule}] ${v.message}\n`);
for (const entry of config.allowList)
  process.stdout.write(`allow-listed: ${entry.pattern.source} (${entry.reason})\n`);
process.stdout.write(`${violations.length} boundary violation(s) in ${ms} ms\n`);
process.exit(violations.length > 0 ? 1 : 0);
