import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pickOption } from '../../test/async-select-test';
import {
  byDataTest,
  jsonResponse,
  renderWithStore,
  sentJson,
  setupDomTest,
  stubFetch,
} from '../../test/dom-test';
import { selectToasts } from '../../shared/toasts/toasts-slice';
import { ReportModal } from './ReportModal';
import { REPORTS_BOOTSTRAP, reportSchedule } from './test-fixtures';

setupDomTest();

const CHART = { kind: 'chart' as const, id: 3, name: 'Births' };

/** The messages antd shows under the form row holding the element with this data-test. */
function fieldMessages(dataTest: string): string {
  const row = byDataTest(dataTest).closest('.ant-form-item');
  return row?.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

function renderChartReport() {
  const onSaved = vi.fn();
  const rendered = renderWithStore(
    <ReportModal
      type="Report"
      reportId={null}
      creationMethod="charts"
      target={CHART}
      onClose={() => undefined}
      onSaved={onSaved}
    />,
    REPORTS_BOOTSTRAP,
  );
  return { ...rendered, onSaved };
}

const csrf = (url: string) =>
  url === '/api/v1/security/csrf_token/' ? jsonResponse(200, { result: 't' }) : null;

describe('ReportModal', () => {
  it('shows the server field errors at their fields, recipients included', async () => {
    stubFetch(
      (url) =>
        csrf(url) ??
        jsonResponse(422, {
          message: {
            name: ['A report named "Births" already exists'],
            'recipients.0.recipient_config_json.ccTarget': ['Not a valid e-mail address: nope'],
            crontab: ['Invalid cron expression'],
          },
        }),
    );
    renderChartReport();
    fireEvent.change(byDataTest('report-email-to'), { target: { value: 'a@example.com' } });
    fireEvent.change(byDataTest('report-email-cc'), { target: { value: 'nope' } });
    fireEvent.click(byDataTest('report-modal-save'));
    await waitFor(() => expect(fieldMessages('report-name')).toBe('A report named "Births" already exists'));
    expect(fieldMessages('report-email-cc')).toBe('Not a valid e-mail address: nope');
    expect(fieldMessages('report-email-to')).toBe('');
    expect(fieldMessages('report-crontab')).toContain('Invalid cron expression');
  });

  it('shows a 409 as an alert above the form', async () => {
    stubFetch(
      (url) =>
        csrf(url) ??
        jsonResponse(409, {
          errors: [
            {
              message: 'Resource already has an attached report.',
              error_type: 'GENERIC_COMMAND_ERROR',
              level: 'warning',
              extra: { issue_codes: [{ code: 1010, message: 'Issue 1010' }] },
            },
          ],
        }),
    );
    renderChartReport();
    fireEvent.change(byDataTest('report-email-to'), { target: { value: 'a@example.com' } });
    fireEvent.click(byDataTest('report-modal-save'));
    await waitFor(() =>
      expect(byDataTest('report-modal-conflict').textContent).toContain(
        'Resource already has an attached report.',
      ),
    );
  });

  it('sends a chart report with its recipients and creation method', async () => {
    const fetchMock = stubFetch((url) => csrf(url) ?? jsonResponse(201, { id: 5, result: {} }));
    const { onSaved, store } = renderChartReport();
    fireEvent.change(byDataTest('report-email-to'), { target: { value: 'a@example.com' } });
    fireEvent.change(byDataTest('report-webhook'), { target: { value: 'https://hooks.example.com/x' } });
    fireEvent.click(byDataTest('report-modal-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(sentJson(post?.[1])).toMatchObject({
      type: 'Report',
      name: 'Births',
      chart: 3,
      dashboard: null,
      creation_method: 'charts',
      crontab: '0 9 * * 1',
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'a@example.com' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } },
      ],
    });
    expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain(
      'The report has been created',
    );
  });

  it('fills the cron from a preset and reads it in words', async () => {
    stubFetch((url) => csrf(url) ?? jsonResponse(200, { count: 0, result: [] }));
    renderWithStore(
      <ReportModal
        type="Alert"
        reportId={null}
        creationMethod="alerts_reports"
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
      REPORTS_BOOTSTRAP,
    );
    expect((byDataTest('report-crontab') as HTMLInputElement).value).toBe('0 0 * * *');
    await pickOption('report-cron-preset', 'Every Monday at 09:00');
    expect((byDataTest('report-crontab') as HTMLInputElement).value).toBe('0 9 * * 1');
    expect(byDataTest('report-cron-preview').textContent).toBe('At 09:00 AM, only on Monday');

    fireEvent.change(byDataTest('report-crontab'), { target: { value: '' } });
    expect(byDataTest('report-cron-preview').textContent).toBe('Enter a schedule');
    // Alerts ask for their database and SQL before anything is sent.
    fireEvent.change(byDataTest('report-name'), { target: { value: 'Too many rows' } });
    fireEvent.click(byDataTest('report-modal-save'));
    await waitFor(() => expect(fieldMessages('report-database')).toBe('Database is required for alerts'));
    expect(screen.getByText('SQL is required for alerts')).toBeTruthy();
    expect(fieldMessages('report-crontab')).toContain('Crontab is required.');
  });

  it('edits a stored report: PUT keeps its creation method and toasts Report updated', async () => {
    const stored = reportSchedule(4, 'Weekly births', { creation_method: 'charts' });
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'PUT') return jsonResponse(200, { id: 4, result: {} });
      return csrf(url) ?? jsonResponse(200, { id: 4, result: stored });
    });
    const onSaved = vi.fn();
    const { store } = renderWithStore(
      <ReportModal
        type="Report"
        reportId={4}
        creationMethod="charts"
        target={CHART}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
      REPORTS_BOOTSTRAP,
    );
    await waitFor(() => expect((byDataTest('report-name') as HTMLInputElement).value).toBe('Weekly births'));
    expect((byDataTest('report-email-to') as HTMLInputElement).value).toBe('a@example.com');
    fireEvent.change(byDataTest('report-name'), { target: { value: 'Monday births' } });
    fireEvent.click(byDataTest('report-modal-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/report/4');
    const body = sentJson(put?.[1]);
    expect(body).toMatchObject({ name: 'Monday births', chart: 3 });
    expect(body).not.toHaveProperty('creation_method');
    expect(selectToasts(store.getState()).map((toast) => toast.text)).toContain('Report updated');
  });
});
