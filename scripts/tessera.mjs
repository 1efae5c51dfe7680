#!/usr/bin/env node
// `npm run tessera -- <command>`: the server CLI (start, worker, beat, init, create-admin, load-examples).
await import('../apps/server/bin/tessera.mjs');
