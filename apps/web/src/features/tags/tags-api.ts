import {
  chartShowResponseSchema,
  getObjectsResponseSchema,
  tagListResponseSchema,
  tagShowResponseSchema,
  type GetObjectsResponse,
  type TagListResponse,
} from '@tessera/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api/api';
import { encodeRison } from '../../shared/rison/rison';

const tagShowSchema = tagShowResponseSchema;
type TagShow = z.infer<typeof tagShowSchema>;
type ChartShow = z.infer<typeof chartShowResponseSchema>;

/** /api/v1/tag/ (TAGGING_SYSTEM): the pickers' choices, one tag, and what carries it. */
export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of custom tags whose name contains `search`, by name. */
    tagOptions: build.query<TagListResponse, { search: string; page: number; pageSize: number }>({
      query: ({ search, page, pageSize }) => ({
        url: '/api/v1/tag/',
        params: {
          q: encodeRison({
            filters: [
              { col: 'type', opr: 'custom_tag', value: true },
              ...(search === '' ? [] : [{ col: 'name', opr: 'ct', value: search }]),
            ],
            order_column: 'name',
            order_direction: 'asc',
            page,
            page_size: pageSize,
          }),
        },
      }),
      responseSchema: tagListResponseSchema,
    }),
    getTag: build.query<TagShow, number>({
      query: (id) => ({ url: `/api/v1/tag/${id}` }),
      responseSchema: tagShowSchema,
    }),
    taggedObjects: build.query<GetObjectsResponse, number>({
      query: (tagId) => ({ url: '/api/v1/tag/get_objects/', params: { tagIds: String(tagId) } }),
      responseSchema: getObjectsResponseSchema,
    }),
    /** A saved chart's tags, for Explore's header (Explore's own payload does not carry them). */
    chartTags: build.query<ChartShow, number>({
      query: (id) => ({
        url: `/api/v1/chart/${id}`,
        params: { q: encodeRison({ columns: ['id', 'tags'] }) },
      }),
      responseSchema: chartShowResponseSchema,
    }),
  }),
});

export const { useLazyTagOptionsQuery, useGetTagQuery, useTaggedObjectsQuery, useChartTagsQuery } = tagsApi;
