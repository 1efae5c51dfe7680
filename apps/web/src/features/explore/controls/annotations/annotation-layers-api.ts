import { annotationLayerListResponseSchema, type AnnotationLayerListResponse } from '@tessera/contracts';
import { api } from '../../../../shared/api/api';
import { encodeRison } from '../../../../shared/rison/rison';

/** The layers a NATIVE annotation layer can name, by name (Superset's picker lists them all). */
export const annotationLayersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAnnotationLayers: build.query<AnnotationLayerListResponse, null>({
      query: () => ({
        url: '/api/v1/annotation_layer/',
        params: { q: encodeRison({ order_column: 'name', order_direction: 'asc', page_size: 200 }) },
      }),
      responseSchema: annotationLayerListResponseSchema,
    }),
  }),
});

export const { useListAnnotationLayersQuery } = annotationLayersApi;
