import { expect, type Locator, type Page } from '@playwright/test';

/** The layout editor's drop zone of one container type (GRID, TAB, ROW, COLUMN). */
export const dropZone = (page: Page, containerType: string): Locator =>
  page.locator(`[data-test="dashboard-drop-zone"][data-container-type="${containerType}"]:visible`);

/**
 * Drags in the dashboard layout editor. dnd-kit's pointer sensor needs a press, a few moves past its
 * activation distance, then the target; it picks the target on pointer moves, so the pointer is nudged
 * until the target zone (or, for a component target, the drop indicator) shows it will take the drop.
 */
export async function dragToLayout(
  page: Page,
  source: Locator,
  target: Locator,
  at: 'center' | 'top' = 'center',
  /** What must show before the drop, when not the default (e.g. a refused zone's outline). */
  aimedAt?: string,
): Promise<void> {
  // The e2e project has no DOM types; Playwright calls a function given as text with the element.
  await target.evaluate("(element) => element.scrollIntoView({ block: 'center' })");
  // hover() waits for the source to stop moving (the side panel's tab switch animates).
  await source.hover();
  const from = await source.boundingBox();
  if (from === null) throw new Error('source not visible');
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  const to = await target.boundingBox();
  if (to === null) throw new Error('target not visible');
  const y = at === 'top' ? to.y + 5 : to.y + to.height / 2;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 15 });
  // A drop zone target must light up itself: a neighbouring zone taking the drop is a wrong drop.
  const isZone = (await target.getAttribute('data-test')) === 'dashboard-drop-zone';
  const aimed =
    aimedAt !== undefined
      ? page.locator(aimedAt)
      : isZone
        ? target.and(page.locator('.is-over'))
        : page.locator('.tsr-drop-zone.is-over, [data-test="dashboard-drop-indicator"]');
  let nudge = 0;
  await expect(async () => {
    nudge += 1;
    const box = (await target.boundingBox()) ?? to;
    await page.mouse.move(box.x + box.width / 2 + (nudge % 5) * 3, box.y + box.height / 2, { steps: 3 });
    await expect(aimed).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await page.mouse.up();
}
