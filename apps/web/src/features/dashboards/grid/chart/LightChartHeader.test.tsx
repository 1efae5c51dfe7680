import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightChartHeader } from './LightChartHeader';

const byTest = (container: HTMLElement, testId: string) =>
  container.querySelector<HTMLElement>(`[data-test="${testId}"]`);

describe('LightChartHeader (a far chart before its full header)', () => {
  afterEach(cleanup);

  it('shows the title as plain text and stands in for the menu and description toggle', () => {
    const { container } = render(
      <LightChartHeader title="Births by state" showDescriptionToggle showMenu onWake={vi.fn()} />,
    );
    expect(byTest(container, 'dashboard-chart-title')?.textContent).toBe('Births by state');
    expect(byTest(container, 'chart-menu-trigger')?.getAttribute('aria-label')).toBe('Chart menu');
    expect(byTest(container, 'dashboard-chart-description-toggle')?.getAttribute('aria-label')).toBe(
      'Toggle description',
    );
  });

  it('leaves out the buttons the full header would not show', () => {
    const { container } = render(
      <LightChartHeader title="t" showDescriptionToggle={false} showMenu={false} onWake={vi.fn()} />,
    );
    expect(byTest(container, 'chart-menu-trigger')).toBeNull();
    expect(byTest(container, 'dashboard-chart-description-toggle')).toBeNull();
  });

  it('wakes the holder on keyboard focus, naming the control to focus, and on pointer entry', () => {
    const onWake = vi.fn();
    const { container } = render(
      <LightChartHeader title="t" showDescriptionToggle showMenu onWake={onWake} />,
    );
    const trigger = byTest(container, 'chart-menu-trigger');
    if (trigger === null) throw new Error('no menu trigger');
    trigger.focus();
    expect(onWake).toHaveBeenLastCalledWith('chart-menu-trigger');
    fireEvent.pointerEnter(trigger);
    expect(onWake).toHaveBeenLastCalledWith(null);
  });
});
