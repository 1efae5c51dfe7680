import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './credentials';

/** Steps the Explore flows share. */

/** A bearer token for setting up data through the REST API. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/security/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD, provider: 'db' },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** The id of the examples database the server creates on first start. */
export async function examplesDatabaseId(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<number> {
  const databases = (await (await request.get('/api/v1/database/', { headers })).json()) as {
    result: { id: number; database_name: string }[];
  };
  const examples = databases.result.find((database) => database.database_name === 'examples');
  if (!examples) throw new Error('the examples database is missing');
  return examples.id;
}

/** The id of the birth_names dataset on the examples database, registering it when absent. */
export async function birthNamesDatasetId(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const query = '(filters:!((col:table_name,opr:eq,value:birth_names)))';
  const list = await request.get(`/api/v1/dataset/?q=${encodeURIComponent(query)}`, { headers });
  const found = (await list.json()) as { result: { id: number }[] };
  const existing = found.result[0];
  if (existing) return existing.id;
  const created = await request.post('/api/v1/dataset/', {
    headers,
    data: { database: await examplesDatabaseId(request, headers), schema: 'main', table_name: 'birth_names' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Picks an option of an antd select by its visible label. */
export async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  // Long lists are virtual: search first so the option is rendered.
  await page.keyboard.type(label);
  // This select's own dropdown (its combobox names the listbox inside it): a select closed just before can
  // leave its dropdown in the page, transparent but with the same options.
  const inner = select.locator('[aria-controls]');
  const listId =
    (await select.getAttribute('aria-controls')) ??
    ((await inner.count()) > 0 ? await inner.first().getAttribute('aria-controls') : null);
  const dropdowns = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  const dropdown = listId ? dropdowns.filter({ has: page.locator(`[id="${listId}"]`) }) : dropdowns.last();
  await dropdown.getByTitle(label, { exact: true }).click();
}

/** Drags a dataset panel item onto a control (dnd-kit needs real pointer moves). */
export async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

export const chartStatus = (page: Page) => page.getByTestId('chart-container');

export async function runAndWait(page: Page): Promise<void> {
  await page.getByTestId('run-query-button').click();
  await expect(chartStatus(page)).toHaveAttribute('data-chart-status', 'rendered');
  // The plugin's chunk may still be loading: wait for the drawing itself.
  await expect(chartStatus(page).locator('canvas').first()).toBeVisible();
}

/** A yearly line of a metric dragged in from the dataset panel, on the x-axis ds. */
export async function lineByYear(page: Page, metricItem: Locator): Promise<void> {
  await choose(page, page.getByTestId('select-x_axis'), 'ds');
  await choose(page, page.getByTestId('select-time_grain_sqla'), 'year');
  await drag(page, metricItem, page.getByTestId('control-metrics'));
}

/** Switches the viz type through the gallery and waits until the picker names the new one. */
export async function switchVizType(page: Page, vizType: string, name: string): Promise<void> {
  await page.getByTestId('viz-type-control').click();
  await page.getByTestId(`viz-type-${vizType}`).click();
  await page.getByTestId('viz-type-select').click();
  await expect(page.getByTestId('viz-type-control')).toContainText(name);
}

/** Every option label of the open dropdown of `select`, scrolling through a virtual list to reach them all. */
export async function dropdownOptions(page: Page, select: Locator): Promise<string[]> {
  await select.click();
  const listId = await select.locator('[aria-controls]').first().getAttribute('aria-controls');
  const dropdown = page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .filter({ has: page.locator(`[id="${listId ?? ''}"]`) });
  const options = dropdown.locator('.ant-select-item-option');
  await expect(options.first()).toBeVisible();
  // The list is virtual: only the rows near the active one exist, however it is scrolled. Walk it with the
  // keyboard, as a user would, until the active row wraps back to where it started; read the rows at each step.
  const active = dropdown.locator('.ant-select-item-option-active');
  const labels = new Set<string>();
  const first = await active.textContent();
  for (let step = 0; step < 200; step += 1) {
    for (const label of await options.allTextContents()) labels.add(label);
    await page.keyboard.press('ArrowDown');
    if (step > 0 && (await active.textContent()) === first) break;
  }
  await page.keyboard.press('Escape');
  return [...labels];
}
