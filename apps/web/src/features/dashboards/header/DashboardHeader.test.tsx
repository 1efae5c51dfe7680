import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byDataTest, jsonResponse, renderWithStore, setupDomTest, stubFetch } from '../../../test/dom-test';
import { dashboardInfoLoaded } from '../state/dashboard-info.slice';
import { DashboardHeader, PUBLISH_FAILED_MESSAGE, PUBLISHED_MESSAGE } from './DashboardHeader';
import { dashboardInfoFixture } from '../test/dashboard-info-fixture';

setupDomTest();

const INFO = dashboardInfoFixture();

function open(publishStatus: number) {
  stubFetch((url, init) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    if (url === '/api/v1/dashboard/7' && init.method === 'PUT') {
      return publishStatus === 200
        ? jsonResponse(200, {
            id: 7,
            result: {
              dashboard_title: 'Births',
              slug: null,
              owners: [],
              position_json: null,
              json_metadata: null,
              css: null,
              published: true,
            },
            last_modified_time: 1,
          })
        : jsonResponse(publishStatus, { message: 'Forbidden' });
    }
    if (url.includes('favorite_status')) return jsonResponse(200, { result: [{ id: 7, value: false }] });
    return jsonResponse(404, { message: 'Not found' });
  });
  const view = renderWithStore(<DashboardHeader info={INFO} rootId="ROOT_ID" />);
  view.store.dispatch(dashboardInfoLoaded(INFO));
  return view;
}

const toastTexts = (store: ReturnType<typeof open>['store']) =>
  store.getState().toasts.items.map((toast) => toast.text);

describe('DashboardHeader publish toggle (spec 001 §6, §8)', () => {
  it('publishes a draft and says so', async () => {
    const { store } = open(200);
    fireEvent.click(byDataTest('dashboard-publish-status'));
    await waitFor(() => expect(toastTexts(store)).toContain(PUBLISHED_MESSAGE));
  });

  it("a refused publish says 'You do not have permissions to edit this dashboard.'", async () => {
    const { store } = open(403);
    fireEvent.click(byDataTest('dashboard-publish-status'));
    await waitFor(() => expect(toastTexts(store)).toContain(PUBLISH_FAILED_MESSAGE));
    expect(byDataTest('dashboard-publish-status').textContent).toBe('Draft');
  });
});
