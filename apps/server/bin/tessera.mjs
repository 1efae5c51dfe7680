#!/usr/bin/env node
// Runs the TypeScript sources through tsx's loader, so there is no separate server build to keep in step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
