import { listResponseSchema, logRecordSchema, type ListQuery, type LogRecord } from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const logListSchema = listResponseSchema(logRecordSchema);
export type LogList = z.infer<typeof logListSchema>;
export type { LogRecord };

/** GET /api/v1/log/ (admins; 404 with SUPERSET_LOG_VIEW off). */
export const actionLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLogs: build.query<LogList, ListQuery>({
      query: (query) => ({ url: '/api/v1/log/', params: { q: encodeRison(query) } }),
      responseSchema: logListSchema,
    }),
  }),
});

export const { useListLogsQuery } = actionLogApi;
