import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectMissingFileNamed, watchErrors } from './pages';
import { ConnectionsPage } from './page-objects';

/** The chain between the two Berkeley researchers: the query string of `connections`. */
const BERKELEY = '?from=michael-luo&to=frank-sifei-luan';

test('the graph draws a node per researcher, with its edges also as a list', async ({ page }) => {
  const errors = watchErrors(page, { documentMay404: true });
  const connections = new ConnectionsPage(page);
  await connections.open();
  await expect(connections.nodes).toHaveCount(5);
  const edges = await connections.edges.count();
  expect(edges).toBeGreaterThan(0);
  await expect(page.getByTestId('edge-row')).toHaveCount(edges);
  await expect(connections.count).toContainText('5 researchers');
  // Ion Stoica's advisees, Anyscale and UC Berkeley: each a hub, listed with its members (Meta
  // is none: Frank Sifei Luan and Jiachen Liu were there years apart).
  await expect(page.getByTestId('graph-hub')).toHaveCount(3);
  await expect(page.getByTestId('group-row')).toHaveCount(3);
  await expect(page.getByTestId('group-list')).not.toContainText('Meta');
  await expect(page.getByTestId('group-list')).toContainText('Advised by Ion Stoica');
  // Every node stays inside the drawing.
  const inside = await connections.nodes.evaluateAll((nodes) =>
    nodes.every((n) => {
      const c = n.querySelector('circle')!;
      const [x, y] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
      return x >= 0 && x <= 900 && y >= 0 && y <= 560;
    }),
  );
  expect(inside).toBe(true);
  expect(errors).toEqual([]);
});

test('the chain between the two Berkeley researchers names their papers, advisor and organizations', async ({ page }) => {
  const connections = new ConnectionsPage(page);
  await connections.open(BERKELEY);
  await expect(connections.steps).toHaveCount(1);
  await expect(connections.steps.first()).toContainText('Michael Luo');
  await expect(connections.steps.first()).toContainText('Frank Sifei Luan');
  await expect(connections.steps.first()).toContainText('co-authored SkyPilot (NSDI 2023)');
  await expect(connections.steps.first()).toContainText('Ion Stoica');
  await expect(connections.steps.first()).toContainText('UC Berkeley');
  // The path is highlighted in the graph.
  await expect(page.locator('[data-testid=graph-node].on-path')).toHaveCount(2);
  await expect(page.locator('[data-testid=graph-edge].on-path')).toHaveCount(1);
});

test('kinds of connection toggle from the page and the URL', async ({ page, baseURL }) => {
  const connections = new ConnectionsPage(page);
  await connections.open(BERKELEY);
  // The pre-rendered page shows /connections without this question: wait for the app's answer.
  await expect(connections.steps).not.toHaveCount(0);
  await page.getByLabel('Co-authorship').uncheck();
  await expect(page).toHaveURL(`${baseURL}connections${BERKELEY}&kinds=advisor,organization`);
  await expect(connections.steps).toHaveCount(1);
  await expect(connections.path).not.toContainText('co-authored');
  await expect(connections.path).toContainText('Ion Stoica');
  await page.getByLabel('Advisors').uncheck();
  await page.getByLabel('Organizations').uncheck();
  await expect(page.getByTestId('path-none')).toBeVisible();
  await expect(connections.edges).toHaveCount(0);
  // Opened cold, the URL gives the same answer.
  await connections.open(`${BERKELEY}&kinds=coauthor`);
  await expect(page.getByLabel('Advisors')).not.toBeChecked();
  await expect(connections.path).toContainText('co-authored');
  await expect(connections.path).not.toContainText('Ion Stoica');
});

test('picking two people asks the question; hovering shows details; a node opens the profile', async ({ page, baseURL }) => {
  const connections = new ConnectionsPage(page);
  await connections.open();
  await page.getByTestId('path-from').selectOption('luo-mai');
  await page.getByTestId('path-to').selectOption('michael-luo');
  await expect(page).toHaveURL(`${baseURL}connections?from=luo-mai&to=michael-luo`);
  await expect(page.getByRole('status').filter({ hasText: /Connected in|not connected/ })).toBeVisible();

  const node = page.getByRole('link', { name: /^Frank Sifei Luan: \d+ connections? shown/ });
  await node.hover();
  await expect(connections.details).toContainText('Frank Sifei Luan');
  await expect(connections.details).toContainText('Michael Luo');
  // Keyboard: a node is focusable and shows the same details.
  await node.focus();
  await expect(connections.details).toContainText('Frank Sifei Luan');
  await node.click();
  await expect(page).toHaveURL(`${baseURL}researchers/frank-sifei-luan`);
});

test('zoom buttons and Reset change and restore the view', async ({ page }) => {
  await new ConnectionsPage(page).open();
  const graph = page.getByTestId('graph');
  const before = await graph.getAttribute('viewBox');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(graph).not.toHaveAttribute('viewBox', before!);
  await page.getByRole('button', { name: 'Reset view' }).click();
  await expect(graph).toHaveAttribute('viewBox', before!);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on connections (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const connections = new ConnectionsPage(page);
    await connections.open(BERKELEY);
    await expect(connections.steps).toHaveCount(1);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
}

test('a site without the network files names the missing file and never fetches the authoring file', async ({ page }) => {
  await expectMissingFileNamed(page, 'connections', 'data/net/index.bin');
});
