import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectToasts } from '../../shared/toasts/toasts-slice';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { AlertReportListPage } from './AlertReportListPage';
import { listBody, REPORTS_BOOTSTRAP, reportSchedule, risonOf } from './test-fixtures';

setupDomTest();

const ROWS = [reportSchedule(1, 'Weekly births'), reportSchedule(2, 'Daily sales', { active: false })];
const RELATED = { count: 0, result: [] };

/** The list's reads: the CSRF token, the user pickers and the rows. */
function reads(url: string, rows = ROWS): Response {
  if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 't' });
  return url.includes('/related/') ? jsonResponse(200, RELATED) : jsonResponse(200, listBody(rows));
}

describe('AlertReportListPage', () => {
  it('lists reports of the Reports tab with their schedule in words', async () => {
    const fetchMock = stubFetch((url) => reads(url));
    renderWithStore(<AlertReportListPage />, REPORTS_BOOTSTRAP);
    expect(await screen.findByText('Weekly births')).toBeTruthy();
    expect(screen.getAllByText('At 09:00 AM, only on Monday')).toHaveLength(2);
    const listCall = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/report/?'));
    expect(risonOf(listCall?.[0] ?? '')).toContain('col:type,opr:eq,value:Report');
  });

  it('says so when the active switch cannot be changed', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'PUT') return jsonResponse(403, { message: 'Changing this report is forbidden' });
      return reads(url);
    });
    const { store } = renderWithStore(<AlertReportListPage />, REPORTS_BOOTSTRAP);
    await screen.findByText('Weekly births');
    fireEvent.click(screen.getByLabelText('Deactivate Weekly births'));
    await waitFor(() => {
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain(
        'We were unable to active or deactivate this report.',
      );
    });
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/report/1');
    expect(sentJson(put?.[1])).toEqual({ active: false });
  });

  it('toasts the deleted name, or that the report could not be deleted', async () => {
    let failDelete = false;
    stubFetch((url, init) => {
      if (init.method === 'DELETE')
        return failDelete ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, { message: 'OK' });
      return reads(url);
    });
    const { store } = renderWithStore(<AlertReportListPage />, REPORTS_BOOTSTRAP);
    await screen.findByText('Weekly births');
    const texts = () => selectToasts(store.getState()).map((toast) => toast.text);

    // The confirm buttons of closed dialogs may linger while they animate out: click the last one shown.
    const confirm = async () => {
      await waitFor(() =>
        expect(document.querySelectorAll('[data-test="confirm-ok"]').length).toBeGreaterThan(0),
      );
      const buttons = [...document.querySelectorAll<HTMLElement>('[data-test="confirm-ok"]')];
      fireEvent.click(buttons[buttons.length - 1] ?? document.body);
    };
    fireEvent.click(screen.getByLabelText('Delete Weekly births'));
    await confirm();
    await waitFor(() => expect(texts()).toContain('Deleted: Weekly births'));

    failDelete = true;
    fireEvent.click(screen.getByLabelText('Delete Daily sales'));
    await confirm();
    await waitFor(() => expect(texts()).toContain('Your report could not be deleted'));
  });

  it('offers to add the first report when there is none', async () => {
    stubFetch((url) =>
      url.includes('/related/') ? jsonResponse(200, RELATED) : jsonResponse(200, listBody([])),
    );
    renderWithStore(<AlertReportListPage />, REPORTS_BOOTSTRAP);
    await waitFor(() => expect(byDataTest('report-empty')).toBeTruthy());
    fireEvent.click(await screen.findByText('Add a report'));
    expect(await screen.findByText('Add report')).toBeTruthy();
  });
});
