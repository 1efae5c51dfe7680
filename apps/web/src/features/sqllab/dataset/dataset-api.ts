import { datasetShowResponseSchema, type Dataset } from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';

/** GET /api/v1/dataset/{id}: what SQL Lab needs to open a dataset in a tab. */
export const sqlLabDatasetApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation: read once to open a tab, not cached.
    readDatasetForSqlLab: build.mutation<Dataset, number, z.infer<typeof datasetShowResponseSchema>>({
      query: (id) => ({ url: `/api/v1/dataset/${id}` }),
      rawResponseSchema: datasetShowResponseSchema,
      transformResponse: (response) => response.result,
    }),
  }),
});
