import { fireEvent, waitFor } from '@testing-library/react';
import type { User } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  expectPagedLazyLoad,
  idsOfPage,
  openSelect,
  pageAsked,
  pickOption,
  typeSearch,
  type PageAsked,
} from '../../test/async-select-test';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { UserModal } from './UserModal';

setupDomTest();

const alice: User = {
  id: 2,
  username: 'alice',
  first_name: 'Alice',
  last_name: 'Liddell',
  email: 'alice@example.com',
  active: true,
  roles: [{ id: 3, name: 'Gamma' }],
  created_on: '2025-01-01T00:00:00',
  changed_on: '2025-01-01T00:00:00',
  last_login: null,
  login_count: 0,
};

/** 150 roles `role 1` … `role 150`, paged; a search for 'lab' finds sql_lab (id 4). PUTs echo Alice. */
function serveRoles(asked: PageAsked[]) {
  return stubFetch((url, init) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    if (url.startsWith('/api/v1/security/roles/?')) {
      const request = pageAsked(url);
      asked.push(request);
      const rows = request.q.includes('(col:name,opr:ct,value:lab)')
        ? [{ id: 4, name: 'sql_lab' }]
        : idsOfPage(request, 150).map((id) => ({ id, name: `role ${String(id)}` }));
      const count = rows.length === 1 ? 1 : 150;
      return jsonResponse(200, { count, ids: rows.map((row) => row.id), result: rows });
    }
    if (init.method === 'PUT') return jsonResponse(200, { id: 2, result: alice });
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('UserModal roles picker', () => {
  it('reads roles 100 at a time and the next page past 70 % of the scroll', async () => {
    const asked: PageAsked[] = [];
    serveRoles(asked);
    renderWithStore(<UserModal onClose={() => undefined} onSaved={() => undefined} />);
    await expectPagedLazyLoad('user-roles', asked);
  });

  it('labels the roles a user has, searches on the server and saves the picked ids', async () => {
    const asked: PageAsked[] = [];
    const fetchMock = serveRoles(asked);
    renderWithStore(<UserModal user={alice} onClose={() => undefined} onSaved={() => undefined} />);
    expect(byDataTest('user-roles').textContent).toContain('Gamma');
    openSelect('user-roles');
    typeSearch('user-roles', 'lab');
    await pickOption('user-roles', 'sql_lab');
    await waitFor(() => expect(byDataTest('user-roles').textContent).toContain('sql_lab'));
    fireEvent.click(byDataTest('user-modal-save'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(sentJson(put?.[1])).toMatchObject({ roles: [3, 4] });
  });
});
