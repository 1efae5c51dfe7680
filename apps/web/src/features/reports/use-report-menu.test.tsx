import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Menu } from 'antd';
import { describe, expect, it } from 'vitest';
import { selectToasts } from '../../shared/toasts/toasts-slice';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  setupDomTest,
  stubFetch,
  TEST_BOOTSTRAP,
} from '../../test/dom-test';
import { listBody, REPORTS_BOOTSTRAP, reportSchedule, risonOf } from './test-fixtures';
import { useReportMenu } from './use-report-menu';

setupDomTest();

/** The entries as a header's dropdown holds them (inline, so the submenu is on screen). */
function HeaderMenuHarness() {
  const menu = useReportMenu({ kind: 'dashboard', id: 7, name: 'Sales' });
  return (
    <>
      <Menu
        mode="inline"
        defaultOpenKeys={['report-manage']}
        items={menu.items}
        onClick={({ key }) => menu.onClick(key)}
      />
      {menu.dialogs}
    </>
  );
}

const csrf = (url: string) =>
  url === '/api/v1/security/csrf_token/' ? jsonResponse(200, { result: 't' }) : null;

describe('useReportMenu', () => {
  it('offers to set up a report on the dashboard when the user has none', async () => {
    const fetchMock = stubFetch((url) => csrf(url) ?? jsonResponse(200, listBody([])));
    renderWithStore(<HeaderMenuHarness />, REPORTS_BOOTSTRAP);
    fireEvent.click(await screen.findByText('Set up an email report'));
    expect(await screen.findByText('Schedule a new email report')).toBeTruthy();
    expect((byDataTest('report-name') as HTMLInputElement).value).toBe('Sales');
    const query = risonOf(fetchMock.mock.calls[0]?.[0] ?? '');
    expect(query).toContain('col:creation_method,opr:eq,value:dashboards');
    expect(query).toContain('col:dashboard_id,opr:eq,value:7');
    expect(query).toContain('col:created_by,opr:rel_o_m,value:1');
  });

  it('manages the existing report: delete toasts its name', async () => {
    const existing = reportSchedule(4, 'Sales weekly', {
      creation_method: 'dashboards',
      chart: null,
      chart_id: null,
      dashboard: { id: 7, dashboard_title: 'Sales' },
      dashboard_id: 7,
    });
    stubFetch((url, init) => {
      if (init.method === 'DELETE') return jsonResponse(200, { message: 'OK' });
      return csrf(url) ?? jsonResponse(200, listBody([existing]));
    });
    const { store } = renderWithStore(<HeaderMenuHarness />, REPORTS_BOOTSTRAP);
    expect(await screen.findByText('Manage email reports')).toBeTruthy();
    expect(screen.getByText('Deactivate email report')).toBeTruthy();
    expect(screen.getByText('Edit email report')).toBeTruthy();
    fireEvent.click(screen.getByText('Delete email report'));
    fireEvent.click(byDataTest('confirm-ok'));
    await waitFor(() =>
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain('Deleted: Sales weekly'),
    );
  });

  it('says when the attached reports cannot be read', async () => {
    stubFetch((url) => csrf(url) ?? jsonResponse(500, { message: 'down' }));
    const { store } = renderWithStore(<HeaderMenuHarness />, REPORTS_BOOTSTRAP);
    await waitFor(() =>
      expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain(
        'There was an issue fetching reports attached to this dashboard.',
      ),
    );
  });

  it('adds nothing while ALERT_REPORTS is off', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, listBody([])));
    renderWithStore(<HeaderMenuHarness />, TEST_BOOTSTRAP);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Set up an email report')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
