import { chartRelatedOwnersResponseSchema, type ChartRelatedOwnersResponse } from '@tessera/contracts';
import { useCallback } from 'react';
import { api } from '../../api/api';
import { encodeRison } from '../../rison/rison';
import type { FetchSelectOptions } from './async-select-rules';

interface RelatedPage {
  /** The endpoint, e.g. `/api/v1/chart/related/owners`. */
  url: string;
  search: string;
  page: number;
  pageSize: number;
}

/**
 * Flask-AppBuilder's `related/<field>` endpoints (owners, created_by, changed_by …) all answer
 * `{count, result: [{value, text}]}` to `q=(filter,page,page_size)`: one endpoint serves every picker.
 */
const relatedApi = api.injectEndpoints({
  endpoints: (build) => ({
    relatedChoices: build.query<ChartRelatedOwnersResponse, RelatedPage>({
      query: ({ url, search, page, pageSize }) => ({
        url,
        params: { q: encodeRison({ filter: search, page, page_size: pageSize }) },
      }),
      responseSchema: chartRelatedOwnersResponseSchema,
    }),
  }),
});

/** The users a `related/<field>` endpoint offers, searched and paged by the server, for an AsyncSelect. */
export function useRelatedChoices(url: string): FetchSelectOptions {
  const [read] = relatedApi.useLazyRelatedChoicesQuery();
  return useCallback<FetchSelectOptions>(
    async (search, page, pageSize) => {
      const response = await read({ url, search, page, pageSize }, true).unwrap();
      return {
        options: response.result.map((choice) => ({ value: choice.value, label: choice.text })),
        totalCount: response.count,
      };
    },
    [read, url],
  );
}
