import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DENIED_CALLS, ENGINES, deniedCallStatement, writeStatement } from '../../../test/sql-variants';
import { QueryFailure } from './failure';
import { buildPlan, type PlanDatabase, type PlanOptions } from './plan';
import { findDeniedFunctions } from '@tessera/sql';

const options: PlanOptions = {
  queryLimit: 1000,
  sqlMaxRow: 100_000,
  selectAsCta: false,
  ctasMethod: null,
  tmpTableName: null,
  tmpSchemaName: null,
};

const database = (engine: (typeof ENGINES)[number], allowDml: boolean): PlanDatabase => ({
  engine,
  allowDml,
  allowCtas: false,
  allowCvas: false,
  forceCtasSchema: null,
});

/** The error type SQL Lab answers with, or null when it would run the SQL. */
function refusedAs(sql: string, db: PlanDatabase): string | null {
  try {
    buildPlan(sql, db, options);
    return null;
  } catch (error) {
    if (error instanceof QueryFailure) return error.error.error_type;
    throw error;
  }
}

describe('disguised SQL is refused (property tests, issue 9)', () => {
  it.each(ENGINES)(
    'every deny-listed function of %s, however spelled, even where DML is allowed',
    (engine) => {
      fc.assert(
        fc.property(deniedCallStatement(engine), (sql) => {
          expect(refusedAs(sql, database(engine, true)), sql).not.toBeNull();
        }),
        { numRuns: 150 },
      );
    },
  );

  it.each(ENGINES)('every plain spelling of each deny-listed %s function is found by name', (engine) => {
    for (const name of DENIED_CALLS[engine]) {
      const found = findDeniedFunctions(`SELECT ${name}('x')`, engine);
      expect(found.some((label) => label === name)).toBe(true);
    }
  });

  it.each(ENGINES)('every non-SELECT statement kind of %s is refused on a read-only database', (engine) => {
    fc.assert(
      fc.property(writeStatement(engine), (sql) => {
        expect(refusedAs(sql, database(engine, false)), sql).not.toBeNull();
      }),
      { numRuns: 150 },
    );
  });
});
