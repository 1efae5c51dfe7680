import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppSelector } from '../../../app/hooks';
import { renderWithStore, setupDomTest, TEST_BOOTSTRAP } from '../../../test/dom-test';
import { addQueryEditor, editorDefaultsFromConf } from '../state';
import { selectActiveTab } from '../store/selectors';
import { LimitSelect } from './LimitSelect';

setupDomTest();

function withConf(conf: Record<string, number>) {
  return {
    ...TEST_BOOTSTRAP,
    common: { ...TEST_BOOTSTRAP.common, conf: { ...TEST_BOOTSTRAP.common.conf, ...conf } },
  };
}

function ActiveTabLimit() {
  const tab = useAppSelector(selectActiveTab);
  return tab === null ? null : <LimitSelect editorId={tab.id} value={tab.queryLimit} />;
}

function optionTitles(): string[] {
  return [...document.querySelectorAll('.ant-select-item-option')].map(
    (node) => node.getAttribute('title') ?? '',
  );
}

describe('LimitSelect', () => {
  it('offers the powers of ten below SQL_MAX_ROW and SQL_MAX_ROW itself, and sets the tab limit', async () => {
    const conf = { SQL_MAX_ROW: 50_000, DEFAULT_SQLLAB_LIMIT: 1000 };
    const { store } = renderWithStore(<ActiveTabLimit />, withConf(conf));
    act(() => {
      store.dispatch(
        addQueryEditor({ defaults: editorDefaultsFromConf(conf, [1]), backendPersistence: true }),
      );
    });

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => {
      expect(optionTitles()).toEqual(['10', '100', '1,000', '10,000', '50,000']);
    });
    fireEvent.click(document.querySelector('.ant-select-item-option[title="100"]') ?? document.body);
    expect(selectActiveTab(store.getState())?.queryLimit).toBe(100);
  });

  it('keeps a limit outside the list selectable', async () => {
    const conf = { SQL_MAX_ROW: 1000, DEFAULT_SQLLAB_LIMIT: 500 };
    const { store } = renderWithStore(<ActiveTabLimit />, withConf(conf));
    act(() => {
      store.dispatch(
        addQueryEditor({ defaults: editorDefaultsFromConf(conf, [1]), backendPersistence: true }),
      );
    });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => {
      expect(optionTitles()).toEqual(['10', '100', '500', '1,000']);
    });
  });
});
