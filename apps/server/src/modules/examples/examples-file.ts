/** The example DuckDB file, relative to the data dir; the server writes it and registers it read-only. */
export const EXAMPLES_FILE = 'examples.duckdb';
