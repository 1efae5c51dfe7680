import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CROSS_FILTER_SCOPING_SAVE_FAILED } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../../../test/dom-test';
import { dashboardInfoLoaded } from '../../state/dashboard-info.slice';
import { selectDashboardInfo } from '../../state/dashboard-store';
import CrossFilterScopingModal from './CrossFilterScopingModal';
import { MAPPING_INCOMPLETE_MESSAGE } from './scoping-model';
import { dashboardInfoFixture } from '../../test/dashboard-info-fixture';

setupDomTest();

const INFO = dashboardInfoFixture({ metadata: { color_scheme: 'supersetColors' } });

const saved = {
  id: 7,
  result: {
    dashboard_title: 'Births',
    slug: null,
    owners: [],
    position_json: null,
    json_metadata: '{}',
    css: null,
    published: false,
  },
};

function open(status: number, body: unknown) {
  const fetch = stubFetch((url) => {
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
    return jsonResponse(status, body);
  });
  const onClose = vi.fn();
  const view = renderWithStore(<CrossFilterScopingModal info={INFO} onClose={onClose} />);
  view.store.dispatch(dashboardInfoLoaded(INFO));
  return { ...view, fetch, onClose };
}

const dashboardPuts = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([url, init]) => url === '/api/v1/dashboard/7' && init.method === 'PUT');

describe('CrossFilterScopingModal', () => {
  it('saves the scoping in json_metadata, keeping its other keys, and closes', async () => {
    const { fetch, onClose, store } = open(200, saved);
    fireEvent.click(byDataTest('cross-filter-scoping-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = dashboardPuts(fetch);
    const body = sentJson(call?.[1]) as { json_metadata: string };
    expect(JSON.parse(body.json_metadata)).toMatchObject({
      color_scheme: 'supersetColors',
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] } },
      cross_dataset_mappings: [],
    });
    expect(selectDashboardInfo(store.getState())?.metadata.global_chart_configuration).toBeDefined();
  });

  it('shows the danger toast and the server message when the save is refused', async () => {
    const { onClose, store } = open(422, { message: 'Column nope is missing from dataset 3' });
    fireEvent.click(byDataTest('cross-filter-scoping-save'));
    expect(await screen.findByText('Column nope is missing from dataset 3')).toBeTruthy();
    expect(store.getState().toasts.items.map((toast) => toast.text)).toContain(
      CROSS_FILTER_SCOPING_SAVE_FAILED,
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an incomplete mapping without calling the server', async () => {
    const { fetch } = open(200, saved);
    fireEvent.click(screen.getByText('Dataset mappings'));
    fireEvent.click(await screen.findByText('Add mapping'));
    fireEvent.click(byDataTest('cross-filter-scoping-save'));
    expect(await screen.findByText(MAPPING_INCOMPLETE_MESSAGE)).toBeTruthy();
    expect(dashboardPuts(fetch)).toHaveLength(0);
  });
});
