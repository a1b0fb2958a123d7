import { expect, type Locator, type Page } from '@playwright/test';

// One page object per route. Each `open` goes to a path relative to the base URL, with no leading
// slash: the suite runs at `/` and under `/atlas/`.

/** The directory (home) page. */
export class DirectoryPage {
  readonly cards: Locator;
  readonly loadError: Locator;
  readonly warning: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('researcher-card');
    this.loadError = page.getByTestId('load-error');
    this.warning = page.getByTestId('data-warning');
  }

  async open() {
    await this.page.goto('./');
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name }) });
  }

  async expectCards(n: number) {
    await expect(this.cards).toHaveCount(n);
  }
}

/**
 * A researcher's profile (`researchers/<id>`). Its publications are the list of
 * `PublicationsPage`, whose locators serve here too.
 */
export class ProfilePage {
  /** The profile the app renders (the pre-rendered page has no test ids), and the name in it. */
  readonly record: Locator;
  readonly name: Locator;
  /** The page's level-1 heading, whoever rendered it. */
  readonly heading: Locator;
  /** The steps through the directory's results, and the position among them ("3 of 5"). */
  readonly results: Locator;
  readonly stepPosition: Locator;

  constructor(readonly page: Page) {
    this.record = page.getByTestId('profile');
    this.name = this.record.getByRole('heading', { level: 1 });
    this.heading = page.getByRole('heading', { level: 1 });
    this.results = page.getByRole('navigation', { name: 'Results' });
    this.stepPosition = this.results.locator('.step-position');
  }

  /** `search`: the query string, with its `?`. */
  async open(id: string, search = '') {
    await this.page.goto(`researchers/${id}${search}`);
  }
}

/**
 * All publications (`publications`). A profile shows its publications in the same list, so these
 * locators serve on a profile too.
 */
export class PublicationsPage {
  /** The list: its entries, their count, the titles of their groups, and the text filter. */
  readonly entries: Locator;
  readonly count: Locator;
  readonly groupTitles: Locator;
  readonly filter: Locator;
  /** What the list says when nothing matches, and the first of its pagers. */
  readonly noPublications: Locator;
  readonly pager: Locator;
  /** The filter chips by group, and the summary that unfolds them. */
  readonly typeChips: Locator;
  readonly venueChips: Locator;
  readonly yearChips: Locator;
  readonly chipsSummary: Locator;
  /** The order select (newest, oldest, most cited), and the entries' citation counts. */
  readonly order: Locator;
  readonly citations: Locator;

  constructor(readonly page: Page) {
    this.entries = page.getByTestId('publication');
    this.count = page.getByTestId('publication-count');
    this.groupTitles = page.locator('.pub-group-title');
    this.filter = page.getByLabel('Filter publications');
    this.noPublications = page.getByTestId('no-publications');
    this.pager = page.getByTestId('pager').first();
    this.typeChips = page.getByRole('group', { name: 'Type' });
    this.venueChips = page.getByRole('group', { name: 'Venue' });
    this.yearChips = page.getByRole('group', { name: 'Year', exact: true });
    this.chipsSummary = page.getByText('Filter by type, venue, year, honours');
    this.order = page.getByLabel('Order');
    this.citations = page.getByTestId('citations');
  }

  /** Each entry's citation count, in page order (`null` for an entry without one). */
  async counts(): Promise<(number | null)[]> {
    return this.entries.evaluateAll((entries) =>
      entries.map((e) => {
        const title = e.querySelector('[data-testid=citations]')?.getAttribute('title');
        return title ? Number(title.match(/^([\d,]+) citations?,/)![1].replace(/,/g, '')) : null;
      }),
    );
  }

  /** `search`: the query string, with its `?`. */
  async open(search = '') {
    await this.page.goto(`publications${search}`);
  }
}

/** Compare (`compare?ids=a,b`). */
export class ComparePage {
  /** A column per researcher compared, and the box that adds one by name. */
  readonly columns: Locator;
  readonly addResearcher: Locator;

  constructor(readonly page: Page) {
    this.columns = page.getByTestId('compare-column');
    this.addResearcher = page.getByLabel('Add a researcher');
  }

  async open(ids: string[]) {
    await this.page.goto(`compare?ids=${ids.join(',')}`);
  }
}

/** The shortlist (`shortlist`): one's own, or with `ids` one shared by link. */
export class ShortlistPage {
  /** Its researchers, and the site navigation's link to it, which says how many there are. */
  readonly items: Locator;
  readonly navLink: Locator;

  constructor(readonly page: Page) {
    this.items = page.getByTestId('shortlist-item');
    this.navLink = page.getByTestId('nav-shortlist');
  }

  async open(ids?: string[]) {
    await this.page.goto(ids ? `shortlist?ids=${ids.join(',')}` : 'shortlist');
  }
}

/** Connections (`connections`): the graph, and the chain between two researchers. */
export class ConnectionsPage {
  /** The graph: its researchers, its direct connections, what it counts, and the details shown. */
  readonly nodes: Locator;
  readonly edges: Locator;
  readonly count: Locator;
  readonly details: Locator;
  /** The chain: the whole answer, and its steps. */
  readonly path: Locator;
  readonly steps: Locator;

  constructor(readonly page: Page) {
    this.nodes = page.getByTestId('graph-node');
    this.edges = page.getByTestId('graph-edge');
    this.count = page.getByTestId('graph-count');
    this.details = page.getByTestId('graph-details');
    this.path = page.getByTestId('path');
    this.steps = page.getByTestId('path-step');
  }

  /** `search`: the query string, with its `?`. */
  async open(search = '') {
    await this.page.goto(`connections${search}`);
  }
}

/** The organizations, ranked (`organizations`). */
export class OrganizationsPage {
  /** The ranked rows, and the sentence that says how they are ranked. */
  readonly rows: Locator;
  readonly explain: Locator;
  /** The ranking's year to start from and its credit per paper, and the text search. */
  readonly from: Locator;
  readonly credit: Locator;
  readonly searchBox: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('org-row');
    this.explain = page.getByTestId('org-explain');
    this.from = page.getByTestId('org-from');
    this.credit = page.getByTestId('org-credit');
    this.searchBox = page.getByLabel('Search organizations');
  }

  /** `search`: the query string, with its `?`. */
  async open(search = '') {
    await this.page.goto(`organizations${search}`);
  }

  /** The row of the organization named `name`. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** The checkbox that ranks by the venue `name` (`NSDI`). */
  venue(name: string): Locator {
    return this.page.getByTestId('org-pick-rvenue').getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
  }
}

/** One organization (`organizations/<id>`). */
export class OrganizationPage {
  /** Its name, where it stands in the ranking, and the people there now. */
  readonly heading: Locator;
  readonly standing: Locator;
  readonly peopleNow: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.standing = page.getByTestId('org-standing');
    this.peopleNow = page.getByTestId('org-people-now').getByTestId('org-person');
  }

  async open(id: string) {
    await this.page.goto(`organizations/${id}`);
  }
}

/** The page-not-found view, which any unknown path shows. */
export class NotFoundPage {
  /** The view. */
  readonly view: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('not-found');
  }

  async open(path: string) {
    await this.page.goto(path);
  }
}

/** Experts for a paper (`experts`): the question's form and the ranked experts. */
export class ExpertsPage {
  /** The form: the paper's text, the author picker, typed names, the hide switch and submit. */
  readonly text: Locator;
  readonly author: Locator;
  readonly names: Locator;
  readonly hide: Locator;
  readonly submit: Locator;
  /** The answer: its count (announced), the experts, their names and conflicts, the export. */
  readonly count: Locator;
  readonly experts: Locator;
  readonly expertNames: Locator;
  readonly conflicts: Locator;
  readonly exportCsv: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.text = page.getByLabel('Title and abstract');
    this.author = page.getByLabel('Add an author from the directory');
    this.names = page.getByLabel('Other authors');
    this.hide = page.getByRole('switch', { name: 'Hide people with a conflict' });
    this.submit = page.getByRole('button', { name: 'Find experts' });
    this.count = page.getByTestId('experts-count');
    this.experts = page.getByTestId('expert');
    this.expertNames = this.experts.locator('.expert-name a');
    this.conflicts = page.getByTestId('conflict');
    this.exportCsv = page.getByTestId('experts-export');
    this.empty = page.getByTestId('experts-empty');
  }

  /** `search`: the query string, with its `?`. */
  async open(search = '') {
    await this.page.goto(`experts${search}`);
  }

  /** Writes `text` as the paper and asks. */
  async ask(text: string) {
    await this.text.fill(text);
    await this.submit.click();
  }

  /** Adds the directory's `name` to the paper's authors. */
  async addAuthor(name: string) {
    await this.author.fill(name);
    await this.page.getByRole('list', { name: 'Matching researchers' }).getByRole('button', { name: `+ ${name}` }).click();
  }

  /** The card of the expert named `name`. */
  expert(name: string): Locator {
    return this.experts.filter({ has: this.page.getByRole('heading', { name }) });
  }
}
