/**
 * The program run by each pooled SQLite worker process (`node -e`). better-sqlite3 is
 * synchronous and has no interrupt, so statements run in a worker process: the server's event
 * loop stays free, and Stop kills the process, which really stops the engine mid-step. A worker
 * serves one session at a time and is reused by the next one after a 'reset'.
 * Plain CommonJS text, so it runs the same from sources, a bundle or tests.
 *
 * Messages (advanced IPC serialisation keeps bigint and bytes):
 *   parent -> child {id, type: 'open', driverPath, filePath, readOnly, fileMustExist}
 *                   {id, type: 'execute', sql, limit, readOnly}
 *                   {id, type: 'parse', sql} -> {compiled} compiles the statement, never steps it
 *                   {id, type: 'cursor', sql} -> {columns, changes}; then {id, type: 'fetch', count}
 *                   -> {rows, done} until done; {id, type: 'closeCursor'} ends it early
 *                   {id, type: 'reset'} closes the cursor and the connection (the session ended)
 *   child -> parent {id, ok: true, result} | {id, ok: false, error: {message, code}}
 */
export const SQLITE_CHILD_SOURCE = String.raw`
'use strict';
let db = null;

function reply(id, body) {
  process.send(Object.assign({ id: id }, body));
}

function fail(id, error) {
  const message = error && error.message ? String(error.message) : String(error);
  const code = error && typeof error.code === 'string' ? error.code : null;
  reply(id, { ok: false, error: { message: message, code: code } });
}

function open(msg) {
  reset();
  const Database = require(msg.driverPath);
  const memory = msg.filePath === ':memory:';
  db = new Database(msg.filePath, { readonly: msg.readOnly && !memory, fileMustExist: msg.fileMustExist && !memory });
  if (msg.readOnly) db.pragma('query_only = 1');
  sessionReadOnly = msg.readOnly;
  db.prepare('SELECT 1').get();
  return { opened: true };
}

let sessionReadOnly = false;

// One statement of a writable session run read-only (CTAS without DML): query_only is set for it
// alone, so even a statement that turns query_only off cannot write in the same step.
function execute(msg) {
  if (!msg.readOnly || sessionReadOnly) return executeStatement(msg);
  db.pragma('query_only = 1');
  try {
    return executeStatement(msg);
  } finally {
    db.pragma('query_only = 0');
  }
}

function executeStatement(msg) {
  const stmt = db.prepare(msg.sql);
  if (!stmt.reader) {
    const info = stmt.run();
    return { columns: [], rows: [], changes: info.changes };
  }
  stmt.raw(true);
  stmt.safeIntegers(true);
  const columns = stmt.columns().map(function (c) { return { name: c.name, type: c.type }; });
  const rows = [];
  if (msg.limit > 0) {
    for (const row of stmt.iterate()) {
      rows.push(row);
      if (rows.length >= msg.limit) break;
    }
  }
  return { columns: columns, rows: rows, changes: null };
}

// Only compiling a statement runs nothing, except PRAGMA: SQLite applies many pragmas while it
// compiles them (query_only, foreign_keys, the process-wide heap limits), even when a syntax error
// follows. So a statement led by PRAGMA, bare or after EXPLAIN [QUERY PLAN], is never compiled here
// (compiled: false, the parent cannot tell). The lead words are read the way SQLite's tokenizer reads them: spaces,
// comments and empty statements before them are skipped.
function leadWords(sql, count) {
  const words = [];
  let i = 0;
  while (i < sql.length && words.length < count) {
    if (/[ \t\n\v\f\r;]/.test(sql[i])) {
      i += 1;
    } else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else {
      const word = /^[A-Za-z_][A-Za-z0-9_$\u0080-\uffff]*/.exec(sql.slice(i));
      if (!word) break;
      words.push(word[0].toUpperCase());
      i += word[0].length;
    }
  }
  return words;
}

function compilingRuns(sql) {
  const words = leadWords(sql, 4);
  let at = 0;
  if (words[at] === 'EXPLAIN') at += 1;
  if (words[at] === 'QUERY' && words[at + 1] === 'PLAN') at += 2;
  return words[at] === 'PRAGMA';
}

function parse(msg) {
  if (compilingRuns(msg.sql)) return { compiled: false };
  // better-sqlite3's prepare compiles the first statement only and steps nothing.
  db.prepare(msg.sql);
  return { compiled: true };
}

let cursor = null;

function openCursor(msg) {
  closeCursor();
  const stmt = db.prepare(msg.sql);
  if (!stmt.reader) {
    const info = stmt.run();
    return { columns: [], changes: info.changes };
  }
  stmt.raw(true);
  stmt.safeIntegers(true);
  const columns = stmt.columns().map(function (c) { return { name: c.name, type: c.type }; });
  cursor = stmt.iterate();
  return { columns: columns, changes: null };
}

function fetch(msg) {
  const rows = [];
  if (!cursor) return { rows: rows, done: true };
  while (rows.length < msg.count) {
    const next = cursor.next();
    if (next.done) {
      cursor = null;
      return { rows: rows, done: true };
    }
    rows.push(next.value);
  }
  return { rows: rows, done: false };
}

function closeCursor() {
  if (cursor) {
    const open = cursor;
    cursor = null;
    open.return();
  }
  return { closed: true };
}

function reset() {
  closeCursor();
  if (db) {
    const open = db;
    db = null;
    open.close();
  }
  return { reset: true };
}

function handle(msg) {
  if (msg.type === 'reset') return reset();
  if (msg.type === 'open') return open(msg);
  if (msg.type === 'cursor') return openCursor(msg);
  if (msg.type === 'fetch') return fetch(msg);
  if (msg.type === 'closeCursor') return closeCursor();
  if (msg.type === 'parse') return parse(msg);
  if (msg.type === 'execute') return execute(msg);
  throw new Error('Unknown request to the SQLite worker: ' + String(msg.type));
}

process.on('message', function (msg) {
  try {
    const result = handle(msg);
    reply(msg.id, { ok: true, result: result });
  } catch (error) {
    fail(msg.id, error);
  }
});
process.on('disconnect', function () {
  if (db) db.close();
  process.exit(0);
});
`;
