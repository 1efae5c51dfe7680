import { z } from 'zod';
import { PG_TYPE_NAMES, normalisePgTypeName } from './pg-type-names';
import { SQL_TYPE_NAMES } from './pg-metadata-sql';
import type { PgRowsQuery } from './pg-metadata';

const typeRow = z.object({ oid: z.number(), name: z.string(), builtin: z.boolean() });

/** OID -> type name, seeded with the built-ins and filled from pg_type for enums, domains, extensions. */
export class PgTypeNameCache {
  private readonly names = new Map<number, string>(PG_TYPE_NAMES);

  constructor(private readonly query: PgRowsQuery) {}

  async namesFor(oids: readonly number[]): Promise<Map<number, string>> {
    const missing = [...new Set(oids)].filter((oid) => !this.names.has(oid));
    if (missing.length > 0) {
      try {
        const rows = z.array(typeRow).parse(await this.query(SQL_TYPE_NAMES, [missing]));
        for (const row of rows) this.names.set(row.oid, normalisePgTypeName(row.name, row.builtin));
      } catch {
        // A failed lookup only costs the type's display name.
      }
    }
    return new Map(oids.map((oid) => [oid, this.names.get(oid) ?? 'UNKNOWN']));
  }
}
