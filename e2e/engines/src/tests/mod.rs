//! The tests: the flows where engines differ (history, storage, clipboard, SVG, CSS colour
//! functions, service workers, input events), each run at `/` and under `/atlas/`. The bundled
//! dataset's five researchers are the fixture, as in the Playwright suite. Here the list of tests
//! and what they share; the flows of the directory, of the other pages, and of what outlasts a
//! page in a file each.

use fantoccini::Locator;

use crate::page::{Outcome, Page};

mod directory;
mod experts;
mod languages;
mod lasting;
mod pages;

use directory::{back_forward, boot, facet_filters, fast_typing, search_in_url};
use experts::experts_many;
use languages::languages;
use lasting::{offline_reload, redeploy, theme};
use pages::{compare, connections, fragment_takeover, profile_cite, publications, shortlist};

/// One test of the suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// The app boots and paints the first cards.
    Boot,
    /// A query typed into the box goes into the URL and survives a reload.
    SearchInUrl,
    /// Back and Forward step through a query and a filter.
    BackForward,
    /// A profile opened from its URL lists its papers; Cite shows the BibTeX and copies it.
    ProfileCite,
    /// A profile URL with a fragment keeps that paper at the top of the window through the
    /// app's takeover of the pre-rendered page.
    FragmentTakeover,
    /// A facet checkbox filters the cards.
    FacetFilters,
    /// `/compare?ids=…` shows what two researchers share.
    Compare,
    /// `/connections` draws the graph, and the zoom buttons change the drawing.
    Connections,
    /// `/publications` from its compiled files: the list, a text filter (word shards) and a type
    /// filter (the attributes file), each in the URL.
    Publications,
    /// A star on a card persists through a reload and fills `/shortlist`.
    Shortlist,
    /// The theme toggle sets `data-theme`, the colours follow, and the choice is remembered.
    Theme,
    /// After one visit the service worker answers a reload with the server gone.
    OfflineReload,
    /// 300 characters typed with no delay, then a new query: the results are the new query's.
    FastTyping,
    /// The site redeployed with other data under the open directory: a title word then shows
    /// the update notice, never a mix, and its Reload shows the new data.
    Redeploy,
    /// `/experts?mode=many`: a submissions file pasted and scored, a known expert in the table,
    /// and the downloaded CSV byte for byte `cargo xtask experts`'.
    ExpertsMany,
    /// Each of the dataset's languages on its pages: `<html lang>` and `dir`, and no text of
    /// another language's interface.
    Languages,
}

impl Test {
    /// Every test, in the order they run.
    pub const ALL: [Test; 16] = [
        Test::Boot,
        Test::SearchInUrl,
        Test::BackForward,
        Test::ProfileCite,
        Test::FragmentTakeover,
        Test::FacetFilters,
        Test::Compare,
        Test::Connections,
        Test::Publications,
        Test::Shortlist,
        Test::Theme,
        Test::OfflineReload,
        Test::FastTyping,
        Test::Redeploy,
        Test::ExpertsMany,
        Test::Languages,
    ];

    /// The name printed in `test … ok` lines and accepted by `--test`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Boot => "boot",
            Self::SearchInUrl => "search_in_url",
            Self::BackForward => "back_forward",
            Self::ProfileCite => "profile_cite",
            Self::FragmentTakeover => "fragment_takeover",
            Self::FacetFilters => "facet_filters",
            Self::Compare => "compare",
            Self::Connections => "connections",
            Self::Publications => "publications",
            Self::Shortlist => "shortlist",
            Self::Theme => "theme",
            Self::OfflineReload => "offline_reload",
            Self::FastTyping => "fast_typing",
            Self::Redeploy => "redeploy",
            Self::ExpertsMany => "experts_many",
            Self::Languages => "languages",
        }
    }

    /// Runs the test in a fresh session.
    pub async fn run(self, p: &Page<'_>) -> Outcome {
        match self {
            Self::Boot => boot(p).await,
            Self::SearchInUrl => search_in_url(p).await,
            Self::BackForward => back_forward(p).await,
            Self::ProfileCite => profile_cite(p).await,
            Self::FragmentTakeover => fragment_takeover(p).await,
            Self::FacetFilters => facet_filters(p).await,
            Self::Compare => compare(p).await,
            Self::Connections => connections(p).await,
            Self::Publications => publications(p).await,
            Self::Shortlist => shortlist(p).await,
            Self::Theme => theme(p).await,
            Self::OfflineReload => offline_reload(p).await,
            Self::FastTyping => fast_typing(p).await,
            Self::Redeploy => redeploy(p).await,
            Self::ExpertsMany => experts_many(p).await,
            Self::Languages => languages(p).await,
        }
    }
}

const EVERYONE: [&str; 5] = [
    "Frank Sifei Luan",
    "Jiachen Liu",
    "Luo Mai",
    "Michael Luo",
    "Tao Luo",
];
const SEARCH: Locator<'static> = Locator::Css("#search-input");

/// The checkbox of `label` in the facet `facet` (its `data-testid` is `facet-{facet}`).
fn facet_checkbox(facet: &str, label: &str) -> String {
    format!(
        "//*[@data-testid='facet-{facet}']//li[.//*[contains(@class,'facet-label') and normalize-space()='{label}']]//input[@type='checkbox']"
    )
}

/// Opens the directory and waits for all five cards.
async fn open_directory(p: &Page<'_>) -> Outcome {
    p.open("").await?;
    p.card_names(&EVERYONE).await
}
