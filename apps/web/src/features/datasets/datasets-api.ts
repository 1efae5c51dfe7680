import {
  chartRelatedOwnersResponseSchema,
  datasetCreateResponseSchema,
  datasetListResponseSchema,
  datasetShowResponseSchema,
  okMessageSchema,
  type Dataset,
  type ChartRelatedOwnersResponse,
  type DatasetCreate,
  type DatasetCreateResponse,
  type DatasetListResponse,
  type DatasetShowResponse,
  type DatasetUpdate,
  type ListQuery,
} from '@tessera/contracts';
import { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const datasetUpdateResponseSchema = z.object({
  id: z.number().int(),
  data: datasetShowResponseSchema.shape.result,
});
type DatasetUpdateResponse = z.infer<typeof datasetUpdateResponseSchema>;

/** /api/v1/dataset/ endpoints. The list page refetches after its own changes. */
export const datasetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDatasets: build.query<DatasetListResponse, ListQuery>({
      query: (query) => ({ url: '/api/v1/dataset/', params: { q: encodeRison(query) } }),
      responseSchema: datasetListResponseSchema,
    }),
    createDataset: build.mutation<DatasetCreateResponse, DatasetCreate>({
      query: (body) => ({ url: '/api/v1/dataset/', method: 'POST', body }),
      responseSchema: datasetCreateResponseSchema,
    }),
    getDataset: build.query<Dataset, number, DatasetShowResponse>({
      query: (id) => ({ url: `/api/v1/dataset/${id}` }),
      rawResponseSchema: datasetShowResponseSchema,
      transformResponse: (response) => response.result,
    }),
    updateDataset: build.mutation<Dataset, { id: number; body: DatasetUpdate }, DatasetUpdateResponse>({
      query: ({ id, body }) => ({ url: `/api/v1/dataset/${id}`, method: 'PUT', body }),
      rawResponseSchema: datasetUpdateResponseSchema,
      transformResponse: (response) => response.data,
    }),
    /** Replaces the columns wholesale (?override_columns=true): the SQL they come from changed. */
    overwriteDataset: build.mutation<Dataset, { id: number; body: DatasetUpdate }, DatasetUpdateResponse>({
      query: ({ id, body }) => ({
        url: `/api/v1/dataset/${id}`,
        method: 'PUT',
        params: { override_columns: 'true' },
        body,
      }),
      rawResponseSchema: datasetUpdateResponseSchema,
      transformResponse: (response) => response.data,
    }),
    refreshDataset: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/dataset/${id}/refresh`, method: 'PUT' }),
      responseSchema: okMessageSchema,
    }),
    /** Candidate owners, a page at a time (the FAB related endpoint, the chart endpoint's answer shape). */
    datasetOwnerOptions: build.query<
      ChartRelatedOwnersResponse,
      { search: string; page: number; pageSize: number }
    >({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/dataset/related/owners',
        params: { q: encodeRison({ filter: search, page, page_size: pageSize }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
    deleteDataset: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/dataset/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
    }),
  }),
});

export const {
  useListDatasetsQuery,
  useLazyListDatasetsQuery,
  useCreateDatasetMutation,
  useOverwriteDatasetMutation,
  useDeleteDatasetMutation,
  useGetDatasetQuery,
  useUpdateDatasetMutation,
  useRefreshDatasetMutation,
  useLazyDatasetOwnerOptionsQuery,
} = datasetsApi;
