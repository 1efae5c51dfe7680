import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { dragToLayout, dropZone } from './dashboard-drag';
import { clickHeaderMenuItem } from './dashboard-menu';
import { apiToken, birthNamesDatasetId, examplesDatabaseId } from './explore-helpers';
import { logIn } from './login';

/**
 * Issue #12's first acceptance item, as a new user does it: create a dashboard from the list, build its
 * layout by drag and drop, resize, undo and redo, save, reload, publish, star, open by slug, copy it,
 * share a permalink to the second tab with another user, and look at it as a Gamma user.
 */

// Every page load of this long flow waits for several chained requests and chart chunks; on a machine
// shared by several runs that takes well over the config's 15 s.
const expect = baseExpect.configure({ timeout: 45_000 });

const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
const shots = 'e2e/.artifacts/screens';

let suffix = '';
let headers: Record<string, string> = {};
let chartIds: number[] = [];
let datasetId = 0;

interface Component {
  id: string;
  type: string;
  children: string[];
  meta?: { width?: number; height?: number; chartId?: number; uuid?: string; text?: string };
}
type PositionTree = Record<string, Component>;

/** Three saved charts of birth_names, made through the API as Explore's save would. */
test.beforeAll(async ({ request }) => {
  suffix = Date.now().toString(36);
  headers = { Authorization: `Bearer ${await apiToken(request)}` };
  datasetId = await birthNamesDatasetId(request);
  const datasource = `${String(datasetId)}__table`;
  chartIds = [];
  for (const name of ['boys', 'girls', 'all']) {
    const created = await request.post('/api/v1/chart/', {
      headers,
      data: {
        slice_name: `acc ${name} ${suffix}`,
        viz_type: 'big_number_total',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'big_number_total', metric: count, datasource }),
      },
    });
    expect(created.status()).toBe(201);
    chartIds.push(((await created.json()) as { id: number }).id);
  }
});

/**
 * A role granting read access to birth_names, as an admin grants it: Gamma alone reads no dataset, and
 * Superset shows a published dashboard only to those who may read one of its charts' datasets.
 */
async function birthNamesReaders(request: APIRequestContext): Promise<number> {
  const created = await request.post('/api/v1/security/roles/', {
    headers,
    data: { name: `birth_names readers ${suffix}` },
  });
  expect(created.status()).toBe(201);
  const roleId = ((await created.json()) as { id: number }).id;
  const granted = await request.post(`/api/v1/security/roles/${String(roleId)}/access/`, {
    headers,
    data: { database_id: await examplesDatabaseId(request, headers), dataset_id: datasetId },
  });
  expect(granted.status()).toBe(200);
  return roleId;
}

/** A new user holding one built-in role (and any extra roles), created through the Users API. */
async function createUser(
  request: APIRequestContext,
  role: 'Alpha' | 'Gamma',
  extraRoles: number[] = [],
): Promise<string> {
  const username = `${role.toLowerCase()}_acc_${suffix}`;
  const query = `(filters:!((col:name,opr:eq,value:${role})))`;
  const roles = await request.get(`/api/v1/security/roles/?q=${encodeURIComponent(query)}`, { headers });
  const found = ((await roles.json()) as { result: { id: number; name: string }[] }).result.find(
    (candidate) => candidate.name === role,
  );
  if (found === undefined) throw new Error(`the ${role} role is not seeded`);
  const created = await request.post('/api/v1/security/users/', {
    headers,
    data: {
      username,
      first_name: role,
      last_name: 'Tester',
      email: `${username}@example.com`,
      password: `${username}-password-1`,
      roles: [found.id, ...extraRoles],
    },
  });
  expect(created.status()).toBe(201);
  return username;
}

/** A fresh browser context signed in through the login page as another user. */
async function signedInAs(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(`${username}-password-1`);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/superset\/welcome\/$/);
  return page;
}

async function positionTree(request: APIRequestContext, id: number | string): Promise<PositionTree> {
  const answer = await request.get(`/api/v1/dashboard/${String(id)}`, { headers });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { result: { position_json: string | null } };
  const parsed = JSON.parse(body.result.position_json ?? '{}') as Record<string, Component | string>;
  // DASHBOARD_VERSION_KEY is a string beside the components.
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([key, value]) => (typeof value === 'string' ? [] : [[key, value]])),
  );
}

/** The tree's shape without its random ids: types, order, meta, from ROOT_ID down. */
function shapeOf(tree: PositionTree, id = 'ROOT_ID'): unknown {
  const component = tree[id];
  if (component === undefined) return `missing ${id}`;
  return {
    type: component.type,
    // A copy with duplicated charts points at new chart ids and uuids.
    meta:
      component.type === 'CHART'
        ? { ...component.meta, chartId: 'chart', uuid: 'uuid' }
        : (component.meta ?? {}),
    children: component.children.map((child) => shapeOf(tree, child)),
  };
}

const chartCard = (page: Page, index: number): Locator =>
  page.locator(`[data-test="chart-pane-item"][data-chart-id="${String(chartIds[index])}"]`);
const holder = (page: Page, index: number): Locator =>
  page.locator(`[data-test="dashboard-chart"][data-test-chart-id="${String(chartIds[index])}"]`);

async function frameWidth(frame: Locator): Promise<number> {
  return Math.round((await frame.boundingBox())?.width ?? 0);
}
const chartWidth = (page: Page, index: number): Promise<number> => frameWidth(holder(page, index));

test('issue #12 acceptance: build, save, publish, copy, share and view a dashboard', async ({
  page,
  context,
  browser,
  request,
}) => {
  // One long flow with three sign-ins (argon2) on a shared machine.
  test.setTimeout(600_000);
  const alpha = await createUser(request, 'Alpha');
  const gamma = await createUser(request, 'Gamma', [await birthNamesReaders(request)]);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // 1. Create the dashboard from the Dashboards list.
  await logIn(page);
  await page.getByTestId('nav-dashboards').click();
  await expect(page).toHaveURL(/\/dashboard\/list\/$/);
  await page.getByTestId('dashboard-add').click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true$/);
  const dashboardId = Number(/\/superset\/dashboard\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByTestId('dashboard-builder-sidepane')).toBeVisible();

  // 2. A tabs container with two tabs, three charts from the pane (two in the first tab, one in the
  //    second), then a header, a markdown block and a divider below the tabs.
  await page.getByRole('tab', { name: 'Layout elements' }).click();
  await dragToLayout(page, page.getByTestId('new-component-tabs'), dropZone(page, 'GRID'));
  await expect(page.getByTestId('dashboard-tabs')).toHaveCount(1);
  await page.getByTestId('dashboard-add-tab').click();
  await expect(page.locator('[data-test="dashboard-tabs"] [role="tab"]')).toHaveCount(2);
  // A new tab becomes the active one; clicking the first tab's title switches back to it.
  await page.locator('[data-test="dashboard-tabs"] [role="tab"]').first().click();
  await expect(page.locator('[data-test="dashboard-tabs"] [role="tab"]').first()).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('tab', { name: 'Charts' }).click();
  await page.getByTestId('chart-pane-search').locator('input').fill(suffix);
  await expect(page.getByTestId('chart-pane-item')).toHaveCount(3);
  await dragToLayout(page, chartCard(page, 0), dropZone(page, 'TAB'));
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(1);
  await expect(chartCard(page, 0)).toHaveAttribute('data-added', 'true');
  await dragToLayout(page, chartCard(page, 1), dropZone(page, 'ROW'));
  await expect(page.getByTestId('dashboard-chart')).toHaveCount(2);
  await page.locator('[data-test="dashboard-tabs"] [role="tab"]').nth(1).click();
  await expect(holder(page, 0)).toBeHidden();
  await dragToLayout(page, chartCard(page, 2), dropZone(page, 'TAB'));
  await expect(holder(page, 2)).toBeVisible();
  await page.locator('[data-test="dashboard-tabs"] [role="tab"]').first().click();

  await page.getByRole('tab', { name: 'Layout elements' }).click();
  for (const kind of ['header', 'markdown', 'divider'] as const)
    await dragToLayout(page, page.getByTestId(`new-component-${kind}`), dropZone(page, 'GRID'));
  await expect(page.locator('[data-component-type="HEADER"]')).toHaveCount(1);
  await expect(page.locator('[data-component-type="MARKDOWN"]')).toHaveCount(1);
  await expect(page.locator('[data-component-type="DIVIDER"]')).toHaveCount(1);

  // 3. Resize the first chart two columns wider by its handle; Ctrl+Z and Ctrl+Shift+Z take it back
  //    and forth.
  const firstFrame = page.locator('[data-component-type="CHART"]').first();
  await firstFrame.hover();
  const handle = firstFrame.getByTestId('resize-handle-right');
  const handleBox = await handle.boundingBox();
  const frameBox = await firstFrame.boundingBox();
  if (handleBox === null || frameBox === null) throw new Error('no resize handle');
  const narrow = Math.round(frameBox.width);
  const column = frameBox.width / 4;
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(handleBox.x + handleBox.width / 2 + column * 2, handleBox.y + handleBox.height / 2, {
    steps: 10,
  });
  await page.mouse.up();
  await expect.poll(() => frameWidth(firstFrame)).toBeGreaterThan(narrow * 1.3);
  const wide = await frameWidth(firstFrame);
  await page.keyboard.press('Control+Z');
  await expect.poll(() => frameWidth(firstFrame)).toBe(narrow);
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => frameWidth(firstFrame)).toBe(wide);

  // Title and slug through the properties modal, saved with the layout.
  const title = `Acceptance ${suffix}`;
  const slug = `acceptance-${suffix}`;
  await page.getByTestId('dashboard-edit-more').click();
  await page.getByTestId('dashboard-edit-properties').click();
  await page.getByTestId('dashboard-title-input').fill(title);
  await page.getByTestId('dashboard-slug-input').fill(slug);
  await page.getByTestId('properties-modal-apply').click();
  await page.screenshot({ path: `${shots}/dashboard-acceptance-edit-light.png`, fullPage: true });

  // 4. Save; the URL switches to the slug; a reload shows the same layout.
  await page.getByTestId('dashboard-save').click();
  await expect(page.getByText('This dashboard was saved successfully.')).toBeVisible();
  await expect(page.getByTestId('dashboard-builder-sidepane')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${slug}/`));
  await expect(page.getByTestId('dashboard-title')).toHaveText(title);
  const saved = await positionTree(request, dashboardId);
  const types = Object.values(saved)
    .map((component) => component.type)
    .sort();
  expect(types).toEqual(
    [
      'CHART',
      'CHART',
      'CHART',
      'DIVIDER',
      'GRID',
      'HEADER',
      'HEADER',
      'MARKDOWN',
      'ROOT',
      // One row per tab, and one around the markdown dropped straight into the grid.
      'ROW',
      'ROW',
      'ROW',
      'TAB',
      'TAB',
      'TABS',
    ].sort(),
  );
  const widths = Object.values(saved).flatMap((c) => (c.type === 'CHART' ? [c.meta?.width] : []));
  expect(widths.sort()).toEqual([4, 4, 6]);

  await page.reload();
  await expect(page.getByTestId('dashboard-title')).toHaveText(title);
  await expect(holder(page, 0)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(page, 1)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(page.getByTestId('grid-header')).toHaveCount(1);
  await expect(page.getByTestId('grid-divider')).toHaveCount(1);
  // The resized chart (6 columns) stays wider than its neighbour (4).
  expect(await chartWidth(page, 0)).toBeGreaterThan((await chartWidth(page, 1)) * 1.3);
  expect(await positionTree(request, dashboardId)).toEqual(saved);

  // 5. Publish and star; open it by its slug.
  await page.getByTestId('dashboard-publish-status').click();
  await expect(page.getByText('This dashboard is now published')).toBeVisible();
  await expect(page.getByTestId('dashboard-publish-status')).toHaveText('Published');
  await page.getByTestId('dashboard-favorite-star').click();
  await expect(page.getByTestId('dashboard-favorite-star')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/superset/dashboard/${slug}/`);
  await expect(page.getByTestId('dashboard-title')).toHaveText(title);
  await expect(page.getByTestId('dashboard-publish-status')).toHaveText('Published');
  await expect(page.getByTestId('dashboard-favorite-star')).toHaveAttribute('aria-pressed', 'true');
  await expect(holder(page, 0)).toHaveAttribute('data-chart-status', 'rendered');
  await page.screenshot({ path: `${shots}/dashboard-acceptance-view-light.png`, fullPage: true });

  // 6. Save as: a copy with its own title and copies of the charts; the page opens the copy.
  await page.getByTestId('dashboard-header-menu').click();
  await page.getByTestId('save-as-menu-item').click();
  await expect(page.getByTestId('save-as-form')).toBeVisible();
  await page.getByTestId('save-as-title').fill(`${title} copy`);
  await page.getByTestId('save-as-duplicate-charts').check();
  await page.screenshot({ path: `${shots}/dashboard-acceptance-save-as-light.png` });
  await page.getByTestId('save-as-save').click();
  await expect(page.getByTestId('dashboard-title')).toHaveText(`${title} copy`);
  const copyId = Number(/\/superset\/dashboard\/(\d+)\//.exec(page.url())?.[1]);
  expect(copyId).not.toBe(dashboardId);
  const copied = await positionTree(request, copyId);
  expect(shapeOf(copied)).toEqual(shapeOf(saved));
  const copiedCharts = Object.values(copied).flatMap((c) => (c.type === 'CHART' ? [c.meta?.chartId] : []));
  for (const id of copiedCharts) expect(chartIds).not.toContain(id);
  await expect(page.getByTestId('dashboard-chart').first()).toHaveAttribute('data-chart-status', 'rendered');

  // 7. A permalink to the second tab, opened by another (Alpha) user, shows that tab.
  await page.goto(`/superset/dashboard/${slug}/`);
  await expect(holder(page, 0)).toHaveAttribute('data-chart-status', 'rendered');
  const tabs = page.locator('[data-test="dashboard-tabs"] [role="tab"]');
  await tabs.nth(1).click();
  await expect(holder(page, 2)).toHaveAttribute('data-chart-status', 'rendered');
  const created = page.waitForResponse(
    (r) => r.url().includes('/permalink') && r.request().method() === 'POST',
  );
  await clickHeaderMenuItem(page, 'share-dashboard-menu', 'copy-permalink');
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  // The clipboard holds the permalink as a full address.
  const url = String(await page.evaluate('navigator.clipboard.readText()'));
  const answered = ((await response.json()) as { url: string }).url;
  expect(url).toBe(new URL(answered, page.url()).toString());
  expect(url).toContain('/superset/dashboard/p/');

  const alphaPage = await signedInAs(browser, alpha);
  await alphaPage.goto(url);
  await expect(alphaPage.getByTestId('dashboard-title')).toHaveText(title);
  await expect(holder(alphaPage, 2)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(holder(alphaPage, 0)).toBeHidden();
  await expect(alphaPage.locator('[data-test="dashboard-tabs"] [role="tab"]').nth(1)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await alphaPage.screenshot({ path: `${shots}/dashboard-acceptance-permalink-alpha.png`, fullPage: true });
  await alphaPage.context().close();

  // 8. Gamma sees the published dashboard read-only, and a 403/404 page for another owner's draft.
  const draft = await request.post('/api/v1/dashboard/', {
    headers,
    data: { dashboard_title: `Admin draft ${suffix}`, slug: `admin-draft-${suffix}` },
  });
  expect(draft.status()).toBe(201);
  const gammaPage = await signedInAs(browser, gamma);
  await gammaPage.goto(`/superset/dashboard/${slug}/`);
  await expect(gammaPage.getByTestId('dashboard-title')).toHaveText(title);
  await expect(holder(gammaPage, 0)).toHaveAttribute('data-chart-status', 'rendered');
  await expect(gammaPage.getByTestId('edit-dashboard-button')).toHaveCount(0);
  await expect(gammaPage.getByTestId('dashboard-edit-actions')).toHaveCount(0);
  // Clicking the publish state does nothing for a viewer.
  await gammaPage.getByTestId('dashboard-publish-status').click();
  await expect(gammaPage.getByText('This dashboard is now hidden')).toHaveCount(0);
  await gammaPage.screenshot({ path: `${shots}/dashboard-acceptance-gamma-light.png`, fullPage: true });
  // ?edit=true asks for edit mode; a viewer still gets the read-only page.
  await gammaPage.goto(`/superset/dashboard/${slug}/?edit=true`);
  await expect(gammaPage.getByTestId('dashboard-title')).toHaveText(title);
  await expect(gammaPage.getByTestId('dashboard-builder-sidepane')).toHaveCount(0);
  await expect(gammaPage.getByTestId('dashboard-edit-actions')).toHaveCount(0);
  await expect(gammaPage.getByTestId('dashboard-component-frame')).toHaveCount(0);
  await gammaPage.goto(`/superset/dashboard/admin-draft-${suffix}/`);
  await expect(
    gammaPage.locator('[data-test="dashboard-forbidden"], [data-test="dashboard-not-found"]'),
  ).toBeVisible();
  await expect(gammaPage.getByTestId('dashboard-title')).toHaveCount(0);
  await gammaPage.getByTestId('theme-toggle').click();
  await gammaPage.screenshot({ path: `${shots}/dashboard-acceptance-gamma-draft-dark.png`, fullPage: true });
  await gammaPage.context().close();
});
