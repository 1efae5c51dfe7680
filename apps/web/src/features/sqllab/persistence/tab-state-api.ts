import type { tabStateUpdateSchema } from '@tessera/contracts';
import {
  createdIdSchema,
  sqlLabBootstrapSchema,
  tableExpandedSchema,
  tabStateSchema,
  viewAckSchema,
  type TabState,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../../shared/api/api';

/** GET /api/v1/sqllab/ with its active tab checked as a full tab state. */
const bootstrapSchema = z.object({
  result: sqlLabBootstrapSchema.shape.result.extend({ active_tab: tabStateSchema.nullable() }),
});
type Bootstrap = z.infer<typeof bootstrapSchema>;
type Created = z.infer<typeof createdIdSchema>;
type Ack = z.infer<typeof viewAckSchema>;

/** The server's tabs as GET /api/v1/sqllab/ lists them (reference §2.1). */
export interface ServerTabs {
  tabIds: { id: number; label: string }[];
  activeTab: TabState | null;
}

/** The fields of PUT /tabstateview/{id} (spec 000 §7); undefined ones are not sent. */
export type TabStateFields = z.input<typeof tabStateUpdateSchema>;

/**
 * The tab and table persistence views (reference §2.6): form-encoded bodies with JSON-encoded values.
 * All are mutations: each answer goes into the SQL Lab state once and must not linger in a cache.
 */
export const tabStateApi = api.injectEndpoints({
  endpoints: (build) => ({
    readServerTabs: build.mutation<ServerTabs, undefined, Bootstrap>({
      query: () => ({ url: '/api/v1/sqllab/' }),
      rawResponseSchema: bootstrapSchema,
      transformResponse: ({ result }) => ({ tabIds: result.tab_state_ids, activeTab: result.active_tab }),
    }),
    readTabState: build.mutation<TabState, string, TabState>({
      query: (id) => ({ url: `/tabstateview/${id}` }),
      rawResponseSchema: tabStateSchema,
    }),
    createTabState: build.mutation<Created, Record<string, unknown>, Created>({
      query: (queryEditor) => ({ url: '/tabstateview/', method: 'POST', form: { queryEditor } }),
      rawResponseSchema: createdIdSchema,
    }),
    updateTabState: build.mutation<Ack, { id: string; fields: TabStateFields }, Ack>({
      query: ({ id, fields }) => ({ url: `/tabstateview/${id}`, method: 'PUT', form: { ...fields } }),
      rawResponseSchema: viewAckSchema,
    }),
    activateTabState: build.mutation<Ack, string, Ack>({
      query: (id) => ({ url: `/tabstateview/${id}/activate`, method: 'POST', form: {} }),
      rawResponseSchema: viewAckSchema,
    }),
    deleteTabState: build.mutation<Ack, string, Ack>({
      // Sent when a tab closes and again on page hide: it must land even if the page goes away.
      query: (id) => ({ url: `/tabstateview/${id}`, method: 'DELETE', keepalive: true }),
      rawResponseSchema: viewAckSchema,
    }),
    migrateQueryToTab: build.mutation<Ack, { tabId: string; queryId: string }, Ack>({
      query: ({ tabId, queryId }) => ({
        url: `/tabstateview/${tabId}/migrate_query`,
        method: 'POST',
        form: { queryId },
      }),
      rawResponseSchema: viewAckSchema,
    }),
    removeQueryFromTab: build.mutation<Ack, { tabId: string; queryId: string }, Ack>({
      query: ({ tabId, queryId }) => ({
        url: `/tabstateview/${tabId}/query/${encodeURIComponent(queryId)}`,
        method: 'DELETE',
      }),
      rawResponseSchema: viewAckSchema,
    }),
    createTableSchema: build.mutation<Created, Record<string, unknown>, Created>({
      query: (table) => ({ url: '/tableschemaview/', method: 'POST', form: { table } }),
      rawResponseSchema: createdIdSchema,
    }),
    setTableSchemaExpanded: build.mutation<
      z.infer<typeof tableExpandedSchema>,
      { id: string; expanded: boolean },
      z.infer<typeof tableExpandedSchema>
    >({
      query: ({ id, expanded }) => ({
        url: `/tableschemaview/${id}/expanded`,
        method: 'POST',
        form: { expanded },
      }),
      rawResponseSchema: tableExpandedSchema,
    }),
    deleteTableSchema: build.mutation<Ack, string, Ack>({
      query: (id) => ({ url: `/tableschemaview/${id}`, method: 'DELETE' }),
      rawResponseSchema: viewAckSchema,
    }),
  }),
});
