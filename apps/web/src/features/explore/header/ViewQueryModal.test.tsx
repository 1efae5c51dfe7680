import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GAMMA_PERMISSIONS,
  bootstrapWith,
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
} from '../../../test/dom-test';
import { ViewQueryModal } from './ViewQueryModal';

setupDomTest();

const FORM_DATA = {
  datasource: '3__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  metrics: ['count'],
  groupby: ['gender'],
  row_limit: 10,
};
const SQL = "SELECT gender, COUNT(*) AS count\nFROM birth_names\nWHERE name = 'A&B'\nGROUP BY gender";

function answerQuery() {
  return stubFetch((url) =>
    url === '/api/v1/security/csrf_token/'
      ? jsonResponse(200, { result: 'token-1' })
      : jsonResponse(200, { result: [{ query: SQL, language: 'sql' }] }),
  );
}

describe('ViewQueryModal', () => {
  it("links the chart's SQL to SQL Lab on the dataset's database and schema", async () => {
    answerQuery();
    renderWithStore(
      <ViewQueryModal
        open
        formData={FORM_DATA}
        database={{ dbId: 2, schema: 'main' }}
        onClose={() => undefined}
      />,
    );
    expect((await screen.findByText(/FROM birth_names/)).textContent).toBe(SQL);
    const href = byDataTest('view-query-open-sqllab').getAttribute('href') ?? '';
    const params = new URLSearchParams(href.slice(href.indexOf('?')));
    expect(href.startsWith('/sqllab/?')).toBe(true);
    expect(params.get('dbid')).toBe('2');
    expect(params.get('schema')).toBe('main');
    expect(params.get('sql')).toBe(SQL);
  });

  it('offers no SQL Lab link while no dataset is loaded', async () => {
    answerQuery();
    renderWithStore(<ViewQueryModal open formData={FORM_DATA} database={null} onClose={() => undefined} />);
    expect(await screen.findByText(/FROM birth_names/)).toBeTruthy();
    expect(document.querySelector('[data-test="view-query-open-sqllab"]')).toBeNull();
  });

  it('offers no SQL Lab link to a user without SQL Lab (Gamma), but still shows the SQL', async () => {
    answerQuery();
    renderWithStore(
      <ViewQueryModal
        open
        formData={FORM_DATA}
        database={{ dbId: 2, schema: 'main' }}
        onClose={() => undefined}
      />,
      bootstrapWith(['Gamma'], GAMMA_PERMISSIONS),
    );
    expect(await screen.findByText(/FROM birth_names/)).toBeTruthy();
    expect(document.querySelector('[data-test="view-query-open-sqllab"]')).toBeNull();
  });
});
