import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { jsonResponse, sentJson, setupDomTest, stubFetch, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { addNewTab } from '../run/editor-actions';
import { selectActiveQueryEditor, setSql } from '../state';
import { sqlLabState } from '../store/sqllab-store';
import { QUERY_SCHEDULE_FAILED, QUERY_SCHEDULED, scheduleConf, scheduleEditorQuery } from './schedule-query';

setupDomTest();

function newStoreWithTab() {
  const store = createAppStore({ bootstrap: TEST_BOOTSTRAP, theme: { mode: 'light', source: 'user' } });
  store.dispatch(addNewTab({ dbId: 1, schema: 'main' }));
  const editor = selectActiveQueryEditor(sqlLabState(store.getState()));
  if (editor === null) throw new Error('no active tab');
  store.dispatch(setSql({ id: editor.id, sql: 'SELECT 1' }));
  return { store, tabId: editor.id };
}

const toastTexts = (store: ReturnType<typeof newStoreWithTab>['store']) =>
  store.getState().toasts.items.map((toast) => toast.text);

const SAVED = {
  id: 4,
  result: {
    db_id: 1,
    label: 'Nightly',
    description: '',
    catalog: null,
    schema: 'main',
    sql: 'SELECT 1',
    template_parameters: null,
    extra_json: '{}',
  },
};

describe('scheduleEditorQuery', () => {
  it('saves the tab with the schedule in extra_json and toasts the scheduled message', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/v1/security/csrf_token/' ? jsonResponse(200, { result: 't' }) : jsonResponse(201, SAVED),
    );
    const { store, tabId } = newStoreWithTab();
    const schedule = { start_date: '2026-12-01T00:00:00Z', schedule_interval: '@daily', active: true };

    expect(
      await store.dispatch(scheduleEditorQuery(tabId, { label: 'Nightly', description: 'd', schedule })),
    ).toBe(true);

    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/saved_query/');
    expect(sentJson(post?.[1])).toMatchObject({
      label: 'Nightly',
      description: 'd',
      db_id: 1,
      sql: 'SELECT 1',
    });
    const sent = sentJson(post?.[1]) as { extra_json: string };
    expect(JSON.parse(sent.extra_json)).toEqual({ schedule_info: schedule });
    expect(toastTexts(store)).toEqual([QUERY_SCHEDULED]);
  });

  it('toasts that the query could not be scheduled when the save fails', async () => {
    stubFetch((url) =>
      url === '/api/v1/security/csrf_token/'
        ? jsonResponse(200, { result: 't' })
        : jsonResponse(422, { message: { label: ['Too long'] } }),
    );
    const { store, tabId } = newStoreWithTab();

    expect(
      await store.dispatch(scheduleEditorQuery(tabId, { label: 'x', description: '', schedule: {} })),
    ).toBe(false);
    expect(toastTexts(store)).toEqual([QUERY_SCHEDULE_FAILED]);
  });
});

describe('scheduleConf', () => {
  it('reads SCHEDULED_QUERIES from the bootstrap conf; absent or malformed means no action', () => {
    expect(scheduleConf(undefined)).toBeNull();
    expect(scheduleConf({ SCHEDULED_QUERIES: null })).toBeNull();
    expect(
      scheduleConf({ SCHEDULED_QUERIES: { JSONSCHEMA: { properties: { x: { type: 'date' } } } } }),
    ).toBeNull();
    expect(
      scheduleConf({
        SCHEDULED_QUERIES: { JSONSCHEMA: { properties: { every: { type: 'string', enum: ['@daily'] } } } },
      }),
    ).toEqual({ JSONSCHEMA: { properties: { every: { type: 'string', enum: ['@daily'] } }, required: [] } });
  });
});
