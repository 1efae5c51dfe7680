/** One row of an engine's EXPLAIN output, keyed by column name. */
export type ExplainRow = Record<string, unknown>;
type Row = ExplainRow;

function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** PostgreSQL `EXPLAIN (FORMAT JSON)`: one row whose "QUERY PLAN" is `[{Plan: {...}}]`. */
export function postgresCost(rows: Row[]): Row {
  const plan: unknown = parsed(rows[0]?.['QUERY PLAN']);
  const top = Array.isArray(plan) ? (plan[0] as unknown) : plan;
  const node = isRecord(top) && isRecord(top.Plan) ? top.Plan : {};
  return {
    'Start-up cost': numberOf(node['Startup Cost']),
    'Total cost': numberOf(node['Total Cost']),
    'Estimated rows': numberOf(node['Plan Rows']),
  };
}

/** Every value under `key` anywhere in a JSON tree. */
function collect(tree: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(tree)) for (const item of tree) collect(item, key, out);
  else if (isRecord(tree)) {
    for (const [name, value] of Object.entries(tree)) {
      if (name === key) out.push(value);
      collect(value, key, out);
    }
  }
  return out;
}

/** MySQL `EXPLAIN FORMAT=JSON` has query_block.cost_info.query_cost; MariaDB has row estimates only. */
export function mysqlCost(rows: Row[]): Row {
  const plan = parsed(rows[0]?.EXPLAIN);
  const block = isRecord(plan) && isRecord(plan.query_block) ? plan.query_block : {};
  const costInfo = isRecord(block.cost_info) ? block.cost_info : {};
  const estimates = collect(plan, 'rows')
    .concat(collect(plan, 'rows_examined_per_scan'))
    .map(numberOf)
    .filter((n): n is number => n !== null);
  return {
    'Query cost': numberOf(costInfo.query_cost),
    'Estimated rows': estimates.length > 0 ? Math.max(...estimates) : null,
  };
}

/** DuckDB's plan text; the top operator's "~N rows" is its estimate. */
export function duckdbCost(rows: Row[]): Row {
  const text = rows
    .map((row) => row.explain_value)
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
  const estimate = /~\s*([\d,]+)\s+rows?/i.exec(text)?.[1];
  return {
    'Estimated rows': estimate === undefined ? null : Number(estimate.replace(/,/g, '')),
    Plan: text,
  };
}

/** SQLite `EXPLAIN QUERY PLAN`: one line per step, no cost figures. */
export function sqliteCost(rows: Row[]): Row {
  return {
    Plan: rows
      .map((row) => row.detail)
      .filter((value): value is string => typeof value === 'string')
      .join('\n'),
  };
}
