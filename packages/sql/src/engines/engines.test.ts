import { ENGINES, LEGACY_TIME_GRAINS, TIME_GRAINS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { lexVariants } from '../lexer';
import { ENGINE_SPECS, engineSpec } from '.';

describe('engine specs', () => {
  it('has one spec per engine, filed under its own name', () => {
    expect(Object.keys(ENGINE_SPECS).sort()).toEqual([...ENGINES].sort());
    for (const engine of ENGINES) expect(engineSpec(engine).engine).toBe(engine);
  });

  it('buckets every time grain on every engine and nothing else', () => {
    for (const engine of ENGINES) {
      for (const grain of [...TIME_GRAINS, ...LEGACY_TIME_GRAINS])
        expect(
          engineSpec(engine).timeGrain('ts', grain.duration),
          `${engine} ${grain.duration}`,
        ).not.toBeNull();
      expect(engineSpec(engine).timeGrain('ts', 'P2Y')).toBeNull();
    }
    expect(engineSpec('postgresql').timeGrain('ts', 'P1D')).toBe("date_trunc('day', ts)");
    expect(engineSpec('duckdb').timeGrain('ts', 'PT5M')).toBe(
      "time_bucket(INTERVAL '300 seconds', CAST(ts AS TIMESTAMP))",
    );
    expect(engineSpec('mysql').timeGrain('ts', 'P1Y')).toBe('CAST(MAKEDATE(YEAR(ts), 1) AS DATETIME)');
    expect(engineSpec('sqlite').timeGrain('ts', 'P1M')).toBe("datetime(ts, 'start of month')");
    // 'all' is no grain: the column as it stands, on every engine.
    for (const engine of ENGINES) expect(engineSpec(engine).timeGrain('ts', 'all')).toBe('ts');
  });

  it('quotes identifiers with the engine quote, doubling it inside', () => {
    expect(engineSpec('mysql').quoteIdentifier('a`b')).toBe('`a``b`');
    for (const engine of ['postgresql', 'sqlite', 'duckdb'] as const)
      expect(engineSpec(engine).quoteIdentifier('a"b')).toBe('"a""b"');
  });

  it('writes the EXPLAIN each cost reader expects', () => {
    expect(ENGINES.map((engine) => engineSpec(engine).explainPrefix)).toEqual(
      ENGINES.map(
        (engine) =>
          ({
            postgresql: 'EXPLAIN (FORMAT JSON)',
            mysql: 'EXPLAIN FORMAT=JSON',
            sqlite: 'EXPLAIN QUERY PLAN',
            duckdb: 'EXPLAIN',
          })[engine],
      ),
    );
  });

  it('gives the lexer copies of its readings, the default first', () => {
    const readings = lexVariants('mysql');
    expect(readings[0]).toEqual({ backslashEscapes: true, nestedComments: false });
    readings[0] = { backslashEscapes: false, nestedComments: true };
    expect(lexVariants('mysql')[0]).toEqual({ backslashEscapes: true, nestedComments: false });
    expect(lexVariants('sqlite')).toHaveLength(1);
  });
});
