import {
  datasetCreateResponseSchema,
  datasetListResponseSchema,
  okMessageSchema,
  type DatasetCreate,
  type DatasetCreateResponse,
  type DatasetListResponse,
  type ListQuery,
} from '@tessera/contracts';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

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
    deleteDataset: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/api/v1/dataset/${id}`, method: 'DELETE' }),
      responseSchema: okMessageSchema,
    }),
  }),
});

export const { useListDatasetsQuery, useCreateDatasetMutation, useDeleteDatasetMutation } = datasetsApi;
