import { describe, expect, it } from 'vitest';
import { presetOf } from './cron-presets';
import { buildPayload, emptyReportForm, formFieldErrors, formFromReport } from './report-form';
import { reportSchedule } from './test-fixtures';

const DEFAULTS = { crontab: '0 0 * * *', logRetention: 90, workingTimeout: 3600 };

describe('report form', () => {
  it('builds an alert with its database, SQL and operator condition', () => {
    const values = {
      ...emptyReportForm('Alert', DEFAULTS),
      name: 'Rows',
      database: { value: 2, label: 'examples' },
      sql: 'SELECT count(*) FROM t',
      validatorType: 'operator' as const,
      op: '>=' as const,
      threshold: '10.5',
      content: 'dashboard' as const,
      dashboard: { value: 7, label: 'Sales' },
      activeTabs: ['TAB-1'],
      customWidth: '1200',
      webhook: 'https://hooks.example.com/x',
    };
    const { body, recipientSlots } = buildPayload(values, {
      creationMethod: 'alerts_reports',
      sendOwners: true,
    });
    expect(body).toMatchObject({
      database: 2,
      sql: 'SELECT count(*) FROM t',
      validator_type: 'operator',
      validator_config_json: { op: '>=', threshold: 10.5 },
      chart: null,
      dashboard: 7,
      extra: { dashboard: { activeTabs: ['TAB-1'] } },
      custom_width: 1200,
      recipients: [{ type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } }],
    });
    expect(recipientSlots).toEqual(['webhook']);
  });

  it('sends no database, SQL or condition for a report', () => {
    const values = { ...emptyReportForm('Report', DEFAULTS), name: 'R', chart: { value: 3, label: 'B' } };
    const { body } = buildPayload(values, { creationMethod: null, sendOwners: false });
    expect(body).toMatchObject({ database: null, sql: null, validator_type: null, chart: 3 });
    // An edit keeps how the schedule was made, and the simple dialog leaves owners alone.
    expect(body).not.toHaveProperty('creation_method');
    expect(body).not.toHaveProperty('owners');
  });

  it("places the server's recipient keys on the field they came from", () => {
    expect(
      formFieldErrors(
        {
          'recipients.1.recipient_config_json.target': ['Must be an http(s) URL.'],
          'recipients.0.recipient_config_json.bccTarget': ['Not a valid e-mail address: x'],
          'extra.dashboard.activeTabs': ['Invalid tab ids: T'],
          name: ['taken'],
        },
        ['email', 'webhook'],
      ),
    ).toEqual({
      webhook: ['Must be an http(s) URL.'],
      emailBcc: ['Not a valid e-mail address: x'],
      activeTabs: ['Invalid tab ids: T'],
      name: ['taken'],
    });
  });

  it('reads a stored schedule back into the form', () => {
    const form = formFromReport(
      reportSchedule(1, 'R', {
        recipients: [
          { id: 1, type: 'Email', recipient_config_json: '{"target":"a@x.io","ccTarget":"b@x.io"}' },
          { id: 2, type: 'Webhook', recipient_config_json: '{"target":"https://h.example.com"}' },
        ],
        custom_width: 900,
      }),
    );
    expect(form).toMatchObject({
      emailTo: 'a@x.io',
      emailCc: 'b@x.io',
      webhook: 'https://h.example.com',
      customWidth: '900',
      chart: { value: 3, label: 'Births' },
      content: 'chart',
    });
  });

  it('recognises a preset whatever the spacing', () => {
    expect(presetOf(' 0  9 * * 1 ')).toBe('weekly');
    expect(presetOf('5 9 * * 1')).toBeUndefined();
  });
});
