import { config } from 'zod';

/*
 * Imported first by main.tsx, before any schema is built (zod reads the flag when a schema is created).
 * The app's CSP forbids eval, so zod's compiled object parsers could never be used in a real page; jitless
 * also skips zod's `new Function` probe, which a strict CSP reports as a violation even though it is caught.
 * Where eval is allowed (tests, tools), compiling a parser for a schema parsed once or twice at start-up
 * costs more than it saves.
 */
config({ jitless: true });
