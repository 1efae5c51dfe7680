import { z } from 'zod';

const drillExtraSchema = z.object({ disable_drill_to_detail: z.boolean().optional() }).loose();

/**
 * `extra.disable_drill_to_detail` of a database (Superset keeps it in the database's extra JSON): true
 * hides drill to detail on its charts. Absent, or extra not JSON of that shape: false.
 */
export function drillToDetailDisabled(extra: string | null): boolean {
  if (!extra) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(extra);
  } catch {
    return false;
  }
  const result = drillExtraSchema.safeParse(parsed);
  return result.success && result.data.disable_drill_to_detail === true;
}
