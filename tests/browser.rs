//! Component tests in a real browser (headless Chromium through wasm-bindgen-test-runner).
//! Run by `cargo xtask test`; alone: `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target
//! wasm32-unknown-unknown --test browser`.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use research_atlas::model;
use research_atlas::site::route::profile;
use research_atlas::ui::components::{
    DataView, DataWarning, Highlighted, PublicationList, ResearcherCard, SearchBox,
};
use research_atlas::ui::router::{Href, provide_route};
use research_atlas::ui::state::data::{Atlas, AtlasContext, DataError, DataResult, Load};
use research_atlas::ui::state::picks::{SHORTLIST_KEY, provide_picks};
use research_atlas::ui::state::pub_list::provide_pub_list;
use research_atlas::ui::state::search::{provide_search, use_search};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const BUNDLED: &str = research_atlas::model::bundled::JSON;

fn bundled() -> Arc<Atlas> {
    Arc::new(Atlas::from_json(
        model::load(BUNDLED, 2100).expect("the bundled dataset loads"),
    ))
}

/// Gives the test page the `<base href="/">` that trunk writes into the app's `index.html`: the
/// app reads its base path from it, and without one the base would follow the URL a test sets.
fn base_at_root() {
    let doc = document();
    if doc.query_selector("base").unwrap().is_none() {
        let base = doc.create_element("base").unwrap();
        base.set_attribute("href", "/").unwrap();
        doc.head().unwrap().append_child(&base).unwrap();
    }
}

/// A fresh container in the document, so tests do not see each other's DOM.
fn container() -> web_sys::HtmlElement {
    let doc = document();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

/// Lets effects and resources settle: a few macrotask turns.
async fn settle() {
    for _ in 0..5 {
        let p = js_sys::Promise::new(&mut |resolve, _| {
            window()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 10)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
    }
}

fn texts(root: &web_sys::HtmlElement, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

/// Provides the dataset (from `answers`, one per fetch), the route and the URL-backed search and
/// publication-list state, in the app shell's order, then renders `child`.
#[component]
fn Harness(
    answers: Vec<DataResult>,
    calls: Rc<Cell<usize>>,
    children: ChildrenFn,
) -> impl IntoView {
    let resource = Load::new(move || {
        let i = calls.get();
        calls.set(i + 1);
        let answer = answers[i.min(answers.len() - 1)].clone();
        async move { answer }
    });
    provide_context(AtlasContext::of_load(resource));
    provide_picks();
    provide_route();
    provide_search();
    provide_pub_list();
    children()
}

/// Mounts `child` in a router with the bundled dataset and search state, with the URL at the
/// directory.
fn mount_app<V: IntoView + 'static>(
    child: impl Fn() -> V + Send + Sync + 'static,
) -> web_sys::HtmlElement {
    mount_app_at("/", child)
}

/// Mounts `child` like [`mount_app`], with the URL at `path` first (the page whose state the
/// child writes: a publication list writes its params only on a page that has one).
fn mount_app_at<V: IntoView + 'static>(
    path: &str,
    child: impl Fn() -> V + Send + Sync + 'static,
) -> web_sys::HtmlElement {
    base_at_root();
    window()
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path))
        .unwrap();
    // Each test starts with an empty shortlist.
    let _ = window()
        .local_storage()
        .unwrap()
        .unwrap()
        .remove_item(SHORTLIST_KEY);
    let root = container();
    let child = Arc::new(child);
    leptos::mount::mount_to(root.clone(), move || {
        let child = child.clone();
        view! {
            <Harness answers=vec![Ok(bundled())] calls=Rc::new(Cell::new(0))>
                {let child = child.clone(); move || child()}
            </Harness>
        }
    })
    .forget();
    root
}

/// Mounts the card of researcher `id`, with no match reason.
fn mount_card(id: &'static str) -> web_sys::HtmlElement {
    mount_app(move || {
        let search = use_search();
        move || {
            let atlas = search.indexed.get()?.atlas;
            let i = atlas.compiled.position(id)?;
            Some(view! { <ResearcherCard atlas=atlas.clone() researcher=i/> })
        }
    })
}

/// Mounts the publication list of researcher `id`, as their profile does.
fn mount_publications(id: &'static str) -> web_sys::HtmlElement {
    base_at_root();
    mount_app_at(&profile(id).href(), move || {
        let search = use_search();
        move || {
            let detail = search.indexed.get()?.atlas.full.clone()?;
            let r = detail.loaded.dataset.researcher(id)?;
            let scope = detail.publications.scope_of(r);
            Some(view! {
                <PublicationList detail=detail.clone() scope=scope owner=Some(id.to_owned()) file_stem=format!("{id}-publications")/>
            })
        }
    })
}

fn click(root: &web_sys::HtmlElement, selector: &str) {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
}

#[wasm_bindgen_test]
async fn a_publication_list_filters_by_type_through_the_url() {
    let root = mount_publications("michael-luo");
    settle().await;
    assert_eq!(texts(&root, "[data-testid=publication]").len(), 16);
    assert_eq!(
        texts(&root, "[data-testid=publication-count]"),
        ["16 publications"]
    );
    let journal = root.query_selector_all(".pub-facet .chip").unwrap();
    let journal = (0..journal.length())
        .map(|i| {
            journal
                .item(i)
                .unwrap()
                .unchecked_into::<web_sys::HtmlElement>()
        })
        .find(|b| b.text_content().unwrap_or_default().starts_with("Journal"))
        .expect("a Journal chip");
    journal.click();
    settle().await;
    assert_eq!(window().location().search().unwrap(), "?ptype=journal");
    assert_eq!(texts(&root, "[data-testid=publication]").len(), 1);
    assert_eq!(
        texts(&root, "[data-testid=publication-count]"),
        ["1 of 16 publications"]
    );
    assert_eq!(texts(&root, ".pub-group-title"), ["2021 (1)"]);
}

#[wasm_bindgen_test]
async fn cite_opens_the_entry_bibtex_and_closes_again() {
    let root = mount_publications("michael-luo");
    settle().await;
    let entries = root
        .query_selector_all("[data-testid=publication]")
        .unwrap();
    let entry = (0..entries.length())
        .map(|i| {
            entries
                .item(i)
                .unwrap()
                .unchecked_into::<web_sys::HtmlElement>()
        })
        .find(|e| e.text_content().unwrap_or_default().contains("SkyPilot"))
        .expect("the SkyPilot entry");
    let button = entry
        .query_selector("button[aria-expanded]")
        .unwrap()
        .unwrap();
    assert_eq!(
        button.get_attribute("aria-expanded").as_deref(),
        Some("false")
    );
    click(&entry, "button[aria-expanded]");
    settle().await;
    assert_eq!(
        button.get_attribute("aria-expanded").as_deref(),
        Some("true")
    );
    let bib: web_sys::HtmlTextAreaElement = entry
        .query_selector("textarea.bibtex")
        .unwrap()
        .expect("the BibTeX box")
        .unchecked_into();
    assert!(
        bib.value()
            .starts_with("@inproceedings{yang2023skypilot,\n"),
        "{}",
        bib.value()
    );
    assert!(bib.value().contains("pages = {437--455}"));
    click(&entry, "button[aria-expanded]");
    settle().await;
    let cite = entry.query_selector(".cite").unwrap().unwrap();
    assert!(cite.has_attribute("hidden"));
}

#[wasm_bindgen_test]
async fn a_card_shows_name_role_figures_and_safe_links() {
    let root = mount_card("luo-mai");
    settle().await;
    let link = root
        .query_selector(".card-name a")
        .unwrap()
        .expect("the name is a link");
    assert_eq!(link.text_content().unwrap(), "Luo Mai");
    assert!(
        link.get_attribute("href")
            .unwrap()
            .ends_with("/researchers/luo-mai")
    );
    assert_eq!(
        texts(&root, ".card-role"),
        ["Assistant Professor, Edinburgh"]
    );
    assert_eq!(texts(&root, ".avatar"), ["LM"]);
    assert_eq!(
        texts(&root, ".card-figures .figures"),
        ["10 publications · 9 awards · 2021–2024"]
    );
    let email = root
        .query_selector("a[aria-label='Email Luo Mai']")
        .unwrap()
        .expect("an email link");
    assert_eq!(
        email.get_attribute("href").unwrap(),
        "mailto:luo.mai@ed.ac.uk"
    );
    let home = root
        .query_selector("a[aria-label='Homepage of Luo Mai']")
        .unwrap()
        .expect("a homepage link");
    assert_eq!(home.get_attribute("rel").unwrap(), "noopener noreferrer");
}

#[wasm_bindgen_test]
async fn a_card_sparkline_is_named_described_and_tabulated() {
    let root = mount_card("luo-mai");
    settle().await;
    let svg = root
        .query_selector(".sparkline svg[role='img']")
        .unwrap()
        .expect("a sparkline");
    let title_id = svg.get_attribute("aria-labelledby").unwrap();
    let desc_id = svg.get_attribute("aria-describedby").unwrap();
    let title = root
        .query_selector(&format!("#{title_id}"))
        .unwrap()
        .unwrap();
    assert_eq!(
        title.text_content().unwrap(),
        "Publications per year, Luo Mai"
    );
    let desc = root
        .query_selector(&format!("#{desc_id}"))
        .unwrap()
        .unwrap();
    assert!(
        desc.text_content()
            .unwrap()
            .starts_with("10 publications from 2021 to 2024")
    );
    // One bar and one table row per year from the first to the last.
    assert_eq!(svg.query_selector_all("rect").unwrap().length(), 4);
    assert_eq!(
        root.query_selector_all(".sparkline table tbody tr")
            .unwrap()
            .length(),
        4
    );
}

#[wasm_bindgen_test]
async fn the_star_toggles_and_is_stored() {
    let root = mount_card("tao-luo");
    settle().await;
    let star: web_sys::HtmlElement = root
        .query_selector("button[aria-label='Shortlist Tao Luo']")
        .unwrap()
        .expect("a star")
        .unchecked_into();
    assert_eq!(star.get_attribute("aria-pressed").unwrap(), "false");
    star.click();
    settle().await;
    assert_eq!(star.get_attribute("aria-pressed").unwrap(), "true");
    let stored = window()
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item(SHORTLIST_KEY)
        .unwrap();
    assert_eq!(stored.as_deref(), Some("tao-luo"));
    star.click();
    settle().await;
    assert_eq!(star.get_attribute("aria-pressed").unwrap(), "false");
}

#[wasm_bindgen_test]
async fn a_topic_chip_adds_its_filter_to_the_url() {
    let root = mount_card("tao-luo");
    settle().await;
    let chip: web_sys::HtmlElement = root
        .query_selector("button[aria-label='Filter by topic Privacy']")
        .unwrap()
        .expect("a Privacy chip")
        .unchecked_into();
    chip.click();
    settle().await;
    assert_eq!(window().location().search().unwrap(), "?topic=privacy");
}

#[wasm_bindgen_test]
async fn typing_in_the_search_box_writes_the_query_to_the_url() {
    let root = mount_app(|| view! { <SearchBox/> });
    settle().await;
    let input: web_sys::HtmlInputElement = root
        .query_selector("input[type=search]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    input.set_value("sky pilot");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(window().location().search().unwrap(), "?q=sky%20pilot");
}

#[wasm_bindgen_test]
fn highlighted_text_marks_ranges_and_keeps_markup_as_text() {
    let root = container();
    leptos::mount::mount_to(root.clone(), || {
        view! { <Highlighted text="<b>SkyPilot</b> rocks".to_owned() ranges=vec![(3, 11)]/> }
    })
    .forget();
    assert_eq!(texts(&root, "mark"), ["SkyPilot"]);
    assert_eq!(root.text_content().unwrap(), "<b>SkyPilot</b> rocks");
    assert!(root.query_selector("b").unwrap().is_none());
}

#[wasm_bindgen_test]
fn a_clean_directory_shows_no_warning() {
    let atlas = bundled();
    assert!(atlas.compiled.is_clean());
    let root = container();
    leptos::mount::mount_to(
        root.clone(),
        move || view! { <DataWarning atlas=atlas.clone()/> },
    )
    .forget();
    assert!(
        root.query_selector("[data-testid=data-warning]")
            .unwrap()
            .is_none()
    );
}

/// Mounts the data banner for `atlas` and returns its text; fails when there is no banner.
fn warning_text(atlas: Arc<Atlas>) -> String {
    let root = container();
    leptos::mount::mount_to(
        root.clone(),
        move || view! { <DataWarning atlas=atlas.clone()/> },
    )
    .forget();
    let warning = root
        .query_selector("[data-testid=data-warning]")
        .unwrap()
        .expect("a warning");
    warning.text_content().unwrap()
}

#[wasm_bindgen_test]
fn a_partly_invalid_directory_names_what_was_skipped() {
    let broken = BUNDLED.replacen("\"name\": \"Tao Luo\"", "\"name\": \" \"", 1);
    let atlas = Arc::new(Atlas::from_json(model::load(&broken, 2100).unwrap()));
    let text = warning_text(atlas);
    assert!(text.contains("1 invalid record was skipped"), "{text}");
    assert!(text.contains("(\"tao-luo\")"), "{text}");
    assert!(text.contains(".name: must not be empty"), "{text}");
}

#[wasm_bindgen_test]
fn a_directory_with_only_warnings_says_so_and_quotes_them_escaped() {
    let warned = BUNDLED.replacen("\"name\": \"Tao Luo\"", "\"name\": \"Tao\\u202e Luo\"", 1);
    let atlas = Arc::new(Atlas::from_json(model::load(&warned, 2100).unwrap()));
    assert!(atlas.compiled.skipped.is_empty());
    let text = warning_text(atlas);
    assert!(text.contains("The dataset has 1 warning."), "{text}");
    assert!(text.contains("U+202E RIGHT-TO-LEFT OVERRIDE"), "{text}");
    assert!(!text.contains('\u{202E}'), "{text}");
}

/// Mounts a `DataView` over a resource whose fetches answer from `answers` in turn, counting them.
fn mount_data_view(answers: Vec<DataResult>) -> (web_sys::HtmlElement, Rc<Cell<usize>>) {
    let calls = Rc::new(Cell::new(0));
    let root = container();
    let counter = calls.clone();
    leptos::mount::mount_to(root.clone(), move || {
        let answers = answers.clone();
        let counter = counter.clone();
        let resource = Load::new(move || {
            let i = counter.get();
            counter.set(i + 1);
            let answer = answers[i.min(answers.len() - 1)].clone();
            async move { answer }
        });
        provide_context(AtlasContext::of_load(resource));
        view! {
            <DataView children=|dir| view! {
                <p class="loaded">{format!("{} researchers", dir.compiled.cards.len())}</p>
            }/>
        }
    })
    .forget();
    (root, calls)
}

#[wasm_bindgen_test]
async fn the_data_view_shows_the_loaded_directory() {
    let (root, _) = mount_data_view(vec![Ok(bundled())]);
    settle().await;
    assert_eq!(texts(&root, ".loaded"), ["5 researchers"]);
    assert!(
        root.query_selector("[data-testid=load-error]")
            .unwrap()
            .is_none()
    );
}

#[wasm_bindgen_test]
async fn a_load_error_says_what_failed_and_retry_fetches_again() {
    let (root, calls) = mount_data_view(vec![
        Err(DataError::Status(
            "data/directory.bin".into(),
            404,
            "Not Found".into(),
        )),
        Ok(bundled()),
    ]);
    settle().await;
    let error = root
        .query_selector("[data-testid=load-error]")
        .unwrap()
        .expect("an error view");
    let text = error.text_content().unwrap();
    assert!(text.contains("HTTP 404 Not Found"), "{text}");
    assert!(text.contains("data/directory.bin"), "{text}");
    let retry: web_sys::HtmlElement = error
        .query_selector("button")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(retry.text_content().unwrap(), "Retry");
    retry.click();
    settle().await;
    assert_eq!(calls.get(), 2, "Retry fetches again");
    assert_eq!(texts(&root, ".loaded"), ["5 researchers"]);
    assert!(
        root.query_selector("[data-testid=load-error]")
            .unwrap()
            .is_none()
    );
}
