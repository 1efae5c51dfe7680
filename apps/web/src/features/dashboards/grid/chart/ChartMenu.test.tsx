import { fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, setupDomTest } from '../../../../test/dom-test';
import { ChartMenu } from './ChartMenu';

setupDomTest();

const menu = (
  <ChartMenu
    chartId={7}
    dashboardId={3}
    title="Births"
    formData={{ viz_type: 'pie', datasource: '1__table', slice_id: 7 }}
    canExplore
    canCsv
    canShareChart
    canDrillToDetail={false}
    holderRef={createRef<HTMLDivElement>()}
  />
);

const trigger = () => {
  const button = document.querySelector<HTMLElement>('[data-test="chart-menu-trigger"]');
  if (button === null) throw new Error('no chart menu trigger');
  return button;
};

describe('ChartMenu (mounted on its first click)', () => {
  it('draws only the button until it is clicked, then opens the menu', async () => {
    renderWithStore(menu);
    expect(trigger().getAttribute('aria-label')).toBe('Chart menu');
    fireEvent.pointerEnter(trigger());
    trigger().focus();
    expect(screen.queryByText('View query')).toBeNull();
    fireEvent.click(trigger());
    expect(await screen.findByText('View query')).toBeTruthy();
    expect(document.querySelector('[data-test="chart-menu-edit-in-explore"]')?.getAttribute('href')).toBe(
      '/explore/?slice_id=7&dashboard_id=3',
    );
  });

  it('hands the focus to the new button when the old one had it (Enter on a focused button)', () => {
    renderWithStore(menu);
    const old = trigger();
    old.focus();
    fireEvent.click(old);
    expect(trigger()).not.toBe(old);
    expect(document.activeElement).toBe(trigger());
  });
});
