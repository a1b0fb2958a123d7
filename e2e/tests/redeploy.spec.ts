// A redeploy under an open tab: the site is served from a copy of this project's build (A), then
// replaced by the same app with other data (B: `metadata.next`, made by `cargo xtask test`: a
// researcher added who sorts first, and a paper of theirs with "serverless" in its title). Every
// answer the open page gives is A's or B's, never a mix: where A's files are gone, the page says
// the directory was updated and offers a reload, which shows B.
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { DirectoryPage, deploy, generationOf, servedCopy } from './pages';
import { ComparePage, ConnectionsPage, OrganizationsPage, ProfilePage, PublicationsPage } from './page-objects';

/** Console errors and uncaught exceptions, but the 404s of files a redeploy removed. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    const gone = m.text().includes('status of 404');
    if (m.type() === 'error' && !gone) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** The site at `metadata.dist`, served from a copy, and a function that deploys B over it. */
async function siteA(testInfo: TestInfo, baseURL: string) {
  const site = await servedCopy(testInfo, new URL(baseURL).pathname);
  const next = new URL(testInfo.project.metadata.next, `file://${testInfo.config.configFile}`).pathname;
  return { ...site, next, deployB: (keep = false) => deploy(site.root, next, { keep }) };
}

const notice = (page: Page) => page.getByTestId('update-notice');

/**
 * Holds the page's requests for files matching `files` until the deploy is done: a file the page
 * fetches on a timer (the directory, a moment after the first answer) then reaches the host
 * after the redeploy, however long the deploy takes, as in a tab left open. `asked` resolves
 * once the page has asked for one; `deployed` lets the requests go.
 */
async function holdUntilDeployed(page: Page, files: RegExp) {
  let deployed!: () => void;
  const done = new Promise<void>((resolve) => (deployed = resolve));
  const asked = page.waitForRequest(files);
  await page.route(files, async (route) => {
    await done;
    await route.continue();
  });
  return { asked, deployed };
}

test('the directory open across a redeploy offers a reload where its files are gone, and the reload shows the new data', async ({ page, baseURL }, testInfo) => {
  const site = await siteA(testInfo, baseURL!);
  try {
    const errors = watchErrors(page);
    const directory = new DirectoryPage(page);
    await page.goto(site.url);
    await directory.expectCards(5);
    // A name query needs no more files: answered by A's index.
    // Luo Mai, Michael Luo and Tao Luo.
    const namedLuo = 3;
    await page.getByRole('searchbox').first().fill('luo');
    await expect(directory.cards).toHaveCount(namedLuo);

    // Deployed while the page is idle (its prefetches done): this test is about the data.
    await page.waitForLoadState('networkidle');
    await site.deployB();
    await page.getByRole('searchbox').first().fill('');
    await page.getByRole('searchbox').first().fill('luo');
    await expect(directory.cards).toHaveCount(namedLuo);
    await expect(notice(page)).toHaveCount(0);

    // A title word needs A's title shard, which the host no longer has.
    await page.getByRole('searchbox').first().fill('serverless');
    await expect(notice(page)).toContainText('This directory was updated');
    const titles = page.getByTestId('titles-failed');
    await expect(titles).toContainText('This directory was updated');
    // Only a reload helps now: no Retry, and one full stop.
    await expect(titles.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(titles.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(titles).not.toContainText('..');
    // Never B's researcher in A's directory.
    await expect(directory.card('Abel Aalto')).toHaveCount(0);

    // The reload keeps the query and shows B, with the new paper's author.
    await notice(page).getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('searchbox').first()).toHaveValue('serverless');
    await expect(directory.card('Abel Aalto')).toHaveCount(1);
    await expect(notice(page)).toHaveCount(0);
    await page.getByRole('searchbox').first().fill('');
    await directory.expectCards(6);
    expect(errors).toEqual([]);
  } finally {
    await site.close();
  }
});

test('all publications open across a redeploy never list another build\'s papers', async ({ page, baseURL }, testInfo) => {
  const site = await siteA(testInfo, baseURL!);
  try {
    const errors = watchErrors(page);
    const publications = new PublicationsPage(page);
    // The directory, which the page loads once idle, reaches the host after the deploy.
    const held = await holdUntilDeployed(page, /directory\.bin$/);
    await page.goto(`${site.url}publications`);
    await expect(publications.entries.first()).toBeVisible();
    // "sky": its word shard is fetched now; "serverless" needs another, after the redeploy.
    await publications.filter.fill('sky');
    await expect(publications.entries.first()).toContainText(/sky/i);

    await held.asked;

    await site.deployB();
    held.deployed();
    await publications.filter.fill('serverless');
    // A's answer from the files this page has (its word shards hold "serverless" too): one
    // paper, none of B's. The directory, which the page loads once idle, is gone: the notice.
    await expect(publications.entries).toHaveCount(1);
    await expect(publications.entries.first()).toContainText('ServerlessLLM');
    await expect(page.getByText('Serverless Schedules for Shifting Workloads')).toHaveCount(0);
    await expect(notice(page)).toBeVisible();

    await notice(page).getByRole('button', { name: 'Reload' }).click();
    await expect(publications.filter).toHaveValue('serverless');
    await expect(page.getByText('Serverless Schedules for Shifting Workloads')).toBeVisible();
    await expect(publications.entries).toHaveCount(2);
    expect(errors).toEqual([]);
  } finally {
    await site.close();
  }
});

test('with the old generation kept, an open page goes on answering from its own build', async ({ page, baseURL }, testInfo) => {
  const site = await siteA(testInfo, baseURL!);
  try {
    const errors = watchErrors(page);
    const directory = new DirectoryPage(page);
    await page.goto(site.url);
    await directory.expectCards(5);

    await page.waitForLoadState('networkidle');

    await site.deployB(true);
    await page.getByRole('searchbox').first().fill('serverless');
    // A's answer, whole: the paper of A that has the word, none of B's.
    await expect(directory.cards.first()).toBeVisible();
    await expect(directory.card('Abel Aalto')).toHaveCount(0);
    await expect(page.getByTestId('titles-failed')).toHaveCount(0);
    await expect(notice(page)).toHaveCount(0);

    // A profile, from A's pack.
    await directory.cards.first().getByRole('heading').getByRole('link').click();
    await expect(new ProfilePage(page).record).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expect(notice(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await site.close();
  }
});

/**
 * Opens `path` of site A, waits until it is idle, deploys B under it, then uses the page again:
 * `ready` checks A's page; `use` asks it something new and checks the answer: A's, where the
 * page has the files it needs, or the update notice where it has not. Nothing of B's shows
 * until the reload; then `reloaded` checks B's answer to the same question.
 */
async function acrossRedeploy(
  page: Page,
  baseURL: string,
  testInfo: TestInfo,
  path: string,
  steps: {
    ready: () => Promise<void>;
    use: () => Promise<void>;
    reloaded?: () => Promise<void>;
    /** Files the page fetches later on its own, which must reach the host after the deploy. */
    later?: RegExp;
  },
) {
  const site = await siteA(testInfo, baseURL);
  try {
    const errors = watchErrors(page);
    const held = steps.later ? await holdUntilDeployed(page, steps.later) : undefined;
    await page.goto(`${site.url}${path}`);
    // The app's answer, not the pre-rendered page's.
    await expect(page.locator('#atlas-static')).toHaveCount(0);
    await steps.ready();
    // Everything the page fetches now is in, or asked for and held till after the deploy.
    await (held ? held.asked : page.waitForLoadState('networkidle'));
    await site.deployB();
    held?.deployed();
    await steps.use();
    await expect(page.getByText('Abel Aalto')).toHaveCount(0);
    await expect(page.getByText('Serverless Schedules for Shifting Workloads')).toHaveCount(0);
    if (steps.reloaded) {
      await notice(page).getByRole('button', { name: 'Reload' }).click();
      await expect(notice(page)).toHaveCount(0);
      await steps.reloaded();
    } else {
      await expect(notice(page)).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  } finally {
    await site.close();
  }
}

/** The error view of a page whose files the host no longer has, and the notice above it. */
async function expectUpdated(page: Page) {
  await expect(notice(page)).toContainText('This directory was updated');
  await expect(page.getByTestId('load-error')).toContainText('This directory was updated');
  await expect(page.getByTestId('load-error').getByRole('button', { name: 'Reload' })).toBeVisible();
}

test('a profile open across a redeploy never steps into the new build: Next says it was updated, and Reload opens it there', async ({ page, baseURL }, testInfo) => {
  const profile = new ProfilePage(page);
  await acrossRedeploy(page, baseURL!, testInfo, 'researchers/luo-mai', {
    ready: async () => {
      await expect(profile.name).toHaveText('Luo Mai');
      await expect(profile.stepPosition).toHaveText('3 of 5');
    },
    use: async () => {
      // The next profile's pack is A's, which the host no longer has.
      await profile.results.getByRole('link', { name: /Next/ }).click();
      await expectUpdated(page);
    },
    reloaded: async () => {
      // In B every position shifted: Abel Aalto sorts first.
      await expect(profile.name).toHaveText('Michael Luo');
      await expect(profile.stepPosition).toHaveText('5 of 6');
    },
  });
});

test('/publications open across a redeploy says it was updated when a filter needs a file of its build, and Reload filters the new', async ({ page, baseURL }, testInfo) => {
  const publications = new PublicationsPage(page);
  const preprints = publications.typeChips.getByRole('button', { name: /^Preprint \d+$/ });
  let n = 0;
  await acrossRedeploy(page, baseURL!, testInfo, 'publications', {
    ready: async () => {
      await expect(publications.count).toHaveText('43 publications');
    },
    use: async () => {
      // (The chips are open on a wide screen.) A type needs every entry's attributes, a file
      // the page has not fetched yet, and the host no longer has.
      n = Number((await preprints.textContent())!.replace(/\D+/g, ''));
      await preprints.click();
      await expectUpdated(page);
    },
    reloaded: async () => {
      // B has one preprint more.
      await expect(publications.count).toHaveText(`${n + 1} of 44 publications`);
      await expect(publications.entries).toHaveCount(n + 1);
      await expect(page.getByText('Serverless Schedules for Shifting Workloads')).toBeVisible();
    },
  });
});

test('/connections open across a redeploy keeps its drawing, says the names are of an older build, and Reload finds the chain in the new', async ({ page, baseURL }, testInfo) => {
  const connections = new ConnectionsPage(page);
  await acrossRedeploy(page, baseURL!, testInfo, 'connections', {
    // The pickers' directory is fetched a second after the first drawing: after the deploy.
    later: /directory\.bin$/,
    ready: async () => {
      await expect(connections.nodes).toHaveCount(5);
    },
    use: async () => {
      // The pickers need everyone's names, from A's directory, which the host no longer has.
      await expectUpdated(page);
      await expect(page.getByTestId('pickers-loading')).toHaveCount(0);
      await expect(connections.nodes).toHaveCount(5);
    },
    reloaded: async () => {
      await expect(connections.nodes).toHaveCount(6);
      await page.getByTestId('path-from').selectOption('michael-luo');
      await page.getByTestId('path-to').selectOption('frank-sifei-luan');
      await expect(connections.steps).toHaveCount(1);
      await expect(connections.steps.first()).toContainText('co-authored SkyPilot (NSDI 2023)');
    },
  });
});

test('/organizations open across a redeploy ranks within its own build', async ({ page, baseURL }, testInfo) => {
  const organizations = new OrganizationsPage(page);
  await acrossRedeploy(page, baseURL!, testInfo, 'organizations', {
    ready: async () => {
      await expect(organizations.rows).toHaveCount(27);
      await expect(organizations.explain).toContainText('43 papers counted.');
    },
    use: async () => {
      await organizations.venue('NSDI').check();
      await organizations.venue('OSDI').check();
      await organizations.from.fill('2020');
      await organizations.from.press('Enter');
      await expect(organizations.explain).toContainText('Ranked by the number of papers at NSDI or OSDI since 2020. 6 papers counted.');
      await expect(organizations.rows.first()).toContainText('University of Edinburgh');
    },
  });
});

test('/compare open across a redeploy offers only its own build\'s people, and says it was updated where it needs a new file', async ({ page, baseURL }, testInfo) => {
  const compare = new ComparePage(page);
  await acrossRedeploy(page, baseURL!, testInfo, 'compare?ids=michael-luo,frank-sifei-luan', {
    ready: async () => {
      await expect(compare.columns).toHaveCount(2);
      await expect(page.getByTestId('shared-papers')).toContainText('SkyPilot');
    },
    use: async () => {
      await compare.addResearcher.fill('abel');
      await expect(page.getByRole('button', { name: '+ Abel Aalto' })).toHaveCount(0);
      await compare.addResearcher.fill('jiach');
      await page.getByRole('button', { name: '+ Jiachen Liu' }).click();
      // The three records are read again, from A's pack, which the host no longer has.
      await expectUpdated(page);
    },
    reloaded: async () => {
      await expect(compare.columns).toHaveCount(3);
      await expect(compare.columns.nth(2)).toContainText('Jiachen Liu');
    },
  });
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a tab on the old generation keeps working offline after the new worker took over', async ({ page, context, baseURL }, testInfo) => {
    const site = await siteA(testInfo, baseURL!);
    try {
      const errors = watchErrors(page);
      const directory = new DirectoryPage(page);
      await page.goto(site.url);
      await directory.expectCards(5);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });

      await page.waitForLoadState('networkidle');

      await site.deployB();
      // The new worker installs with B's files, activates, keeps A's cache and takes this tab.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const b = generationOf(site.next);
      const taken = () =>
        page.evaluate(async (b) => {
          const registration = await navigator.serviceWorker.getRegistration();
          const names = await caches.keys();
          return registration!.installing === null && registration!.waiting === null && names.some((n) => n.endsWith(` ${b}`)) && names.length;
        }, b);
      await expect.poll(taken, { timeout: 20_000 }).toBe(2);

      // Offline, this tab still answers from A's files, which the previous cache keeps.
      await context.setOffline(true);
      await page.getByRole('searchbox').first().fill('serverless');
      await expect(directory.cards.first()).toBeVisible();
      await expect(directory.card('Abel Aalto')).toHaveCount(0);
      await expect(page.getByTestId('titles-failed')).toHaveCount(0);
      await context.setOffline(false);
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
