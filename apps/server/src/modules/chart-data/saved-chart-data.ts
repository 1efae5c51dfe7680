import {
  CHART_DATA_RESULT_FORMATS,
  CHART_DATA_RESULT_TYPES,
  queryContextSchema,
  type QueryContext,
} from '@tessera/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { visibleChart } from '../charts/chart-access';
import type { Principal } from '../security/principal';
import { runQueryContext, type ChartDataOutcome } from './run-query-context';

export const NO_QUERY_CONTEXT_MESSAGE = 'Chart has no query context saved. Please save the chart again.';

/** `?format=json|csv|xlsx&type=full|…&force=true` of GET /api/v1/chart/{id}/data/. */
export const savedChartDataQuerySchema = z.object({
  format: z.enum(CHART_DATA_RESULT_FORMATS).optional(),
  type: z.enum(CHART_DATA_RESULT_TYPES).optional(),
  force: z.enum(['true', 'false']).optional(),
});

function savedQueryContext(text: string | null): QueryContext {
  if (text === null || text.trim() === '') throw messageError(400, NO_QUERY_CONTEXT_MESSAGE);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw messageError(400, NO_QUERY_CONTEXT_MESSAGE);
  }
  const parsed = queryContextSchema.safeParse(raw);
  if (!parsed.success) throw messageError(400, NO_QUERY_CONTEXT_MESSAGE);
  return parsed.data;
}

/**
 * Runs a saved chart's query_context (reference §5.1): the chart must be visible to the caller
 * (404 otherwise); the URL chooses format, result type and force.
 */
export async function runSavedChartData(
  ctx: AppContext,
  principal: Principal,
  chartId: number,
  rawQuery: unknown,
): Promise<ChartDataOutcome> {
  const options = parseInput(savedChartDataQuerySchema, rawQuery ?? {});
  const chart = await visibleChart(ctx, principal, chartId);
  const queryContext = savedQueryContext(chart.query_context);
  return runQueryContext(ctx, principal, {
    ...queryContext,
    // Its files are named after the chart as it is called now, whatever the saved context says.
    form_data: { ...queryContext.form_data, slice_name: chart.slice_name },
    result_format: options.format ?? 'json',
    result_type: options.type ?? 'full',
    force: options.force === 'true',
  });
}
