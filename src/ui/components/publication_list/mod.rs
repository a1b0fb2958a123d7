//! A publication list with its own filters, grouping, order and export: on every profile and on
//! the all-publications page. Its state is the URL's list params ([`PubParams`]).

mod filters;

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::publication_item::PublicationItem;
use crate::model::cite::{self, ExportEntry, ExportFormat};
use crate::model::{LoadedDataset, Publication};
use crate::search::publications::PAGE_SIZE;
use crate::search::{GroupBy, Order, PubList, PubParams};
use crate::ui::browser::download;
use crate::ui::lang::text;
use crate::ui::state::after_paint::AfterPaint;
use crate::ui::state::data::{DataError, Detail};
use crate::ui::state::pub_files::PubFiles;
use crate::ui::state::pub_list::{PubListContext, use_pub_list};
use filters::ListFilters;

/// "1 publication", "12 publications", "20,000 publications", in the page's language.
pub fn publications_count(n: usize) -> String {
    text().publication_list().count().count(n)
}

/// `n` grouped as the page's language writes numbers: "20,000".
fn grouped(n: usize) -> String {
    text().lang.number(n as u64)
}

/// Most entries an export of the compiled list fetches (about a hundred kilobytes gzipped per
/// thousand).
const EXPORT_LIMIT: usize = 5_000;

/// One entry as a list shows it: the publication, the records it was loaded with (venues and
/// BibTeX) and its BibTeX key.
struct Item {
    publication: Publication,
    loaded: Arc<LoadedDataset>,
    cite_key: String,
}

/// Where a list's entries come from.
#[derive(Clone)]
enum Entries {
    /// A loaded dataset: entries are indices into its publications.
    Loaded(Arc<Detail>),
    /// The compiled files: entries are list positions, in chunks.
    Compiled(PubFiles),
}

impl Entries {
    /// Entry `i`, when its records are loaded.
    fn item(&self, i: usize) -> Option<Item> {
        let (detail, at) = match self {
            Self::Loaded(detail) => (detail.clone(), i),
            Self::Compiled(files) => files.entry(i)?,
        };
        let publication = detail.loaded.dataset.publications.get(at)?.clone();
        let cite_key = (detail.cite_keys.get(&publication.id).cloned())
            .unwrap_or_else(|| publication.id.0.clone());
        Some(Item {
            publication,
            loaded: detail.loaded.clone(),
            cite_key,
        })
    }

    /// The entries `entries`, fetching the chunks they are in when needed.
    async fn items(&self, entries: &[usize]) -> Result<Vec<Item>, DataError> {
        if let Self::Compiled(files) = self {
            files.load_entries(entries).await?;
        }
        Ok(entries.iter().filter_map(|&i| self.item(i)).collect())
    }

    /// Whether an export of `n` entries is allowed.
    fn can_export(&self, n: usize) -> bool {
        n > 0 && (matches!(self, Self::Loaded(_)) || n <= EXPORT_LIMIT)
    }
}

/// A filterable, groupable, exportable list of publications.
#[component]
pub fn PublicationList(
    /// The records the list shows, with their publication index and BibTeX keys.
    detail: Arc<Detail>,
    /// The publications in scope: indices into `dataset.publications`.
    scope: Vec<usize>,
    /// The profile's researcher id, emphasized among authors; `None` on the all-publications
    /// page.
    owner: Option<String>,
    /// The file name of exports, without extension, e.g. `michael-luo-publications`.
    file_stem: String,
    /// Group headings are `<h2>` when true (the list is the page), `<h3>` inside a section.
    #[prop(optional)]
    top_level: bool,
    /// Whether the filter chips start unfolded.
    #[prop(optional)]
    filters_open: bool,
) -> impl IntoView {
    let pubs = use_pub_list();
    let total = scope.len();
    let list = Memo::new({
        let detail = detail.clone();
        move |_| {
            // Venue ids this list does not know are dropped rather than matching nothing.
            let ix = &detail.publications;
            Some(pubs.params.with(|p| ix.list(&scope, &ix.sanitize(p))))
        }
    });
    view! {
        <ListView list=list entries=Entries::Loaded(detail) total=total owner=owner
            file_stem=file_stem top_level=top_level filters_open=filters_open/>
    }
}

/// The all-publications list from the compiled files (see [`PubFiles`]).
#[component]
pub fn CompiledPublicationList(files: PubFiles) -> impl IntoView {
    let total = files.index().total as usize;
    let t = text();
    view! {
        {move || files.error().map(|e| view! {
            <crate::ui::components::data_view::LoadErrorView error=e retry=Callback::new(move |_| files.retry())
                heading=t.publication_list().load_failed()/>
        })}
        // Until the first list; a failure says so instead, with Retry.
        {move || (files.list.with(Option::is_none) && files.error().is_none()).then(|| view! {
            <p class="muted" role="status" data-testid="loading">{t.publication_list().loading()}</p>
        })}
        // While a filter's or a page's files load, or after they failed, the list shown so far
        // stays, dimmed.
        <div class="pub-files" class:stale=move || files.stale() aria-busy=move || files.busy().to_string()>
            <ListView list=files.list entries=Entries::Compiled(files) total=total owner=None
                file_stem="publications".to_owned() top_level=true filters_open=true/>
        </div>
    }
}

/// A list and its controls, whatever its source.
#[component]
fn ListView(
    list: Memo<Option<PubList>>,
    entries: Entries,
    total: usize,
    owner: Option<String>,
    file_stem: String,
    top_level: bool,
    filters_open: bool,
) -> impl IntoView {
    let pubs = use_pub_list();
    let entries = StoredValue::new(entries);
    let shown = move || list.with(|l| l.as_ref().map_or(0, |l| l.shown));
    let started = move || list.with(Option::is_some);
    let t = text();
    view! {
        <div class="pub-list" data-testid="publication-list">
            <ListToolbar/>
            <ListFilters list=list open=filters_open/>
            <ListStatus list=list total=total entries=entries file_stem=file_stem/>
            <Groups list=list entries=entries owner=owner top_level=top_level/>
            <Pager list=list/>
            {move || (started() && shown() == 0 && total > 0).then(|| view! {
                <p class="empty-list" data-testid="no-publications">
                    {t.publication_list().no_match()} " "
                    <button type="button" class="link-button" on:click=move |_| pubs.update(|p| *p = p.without_filters())>
                        {t.publication_list().show_all()}
                    </button>
                </p>
            })}
        </div>
    }
}

/// Previous and next page, and where the page is, when the list has more than one.
#[component]
fn Pager(list: Memo<Option<PubList>>) -> impl IntoView {
    let pubs = use_pub_list();
    let t = text();
    let at = move || list.with(|l| l.as_ref().map(|l| (l.page, l.pages(), l.shown)));
    let go = move |page: usize| {
        pubs.update(|p| p.page = page);
        if let Some(el) = leptos::prelude::document()
            .query_selector("[data-testid=publication-list]")
            .ok()
            .flatten()
        {
            el.scroll_into_view();
        }
    };
    move || {
        at().filter(|&(_, pages, _)| pages > 1).map(|(page, pages, shown)| {
            let first = page * PAGE_SIZE + 1;
            let last = ((page + 1) * PAGE_SIZE).min(shown);
            view! {
                <nav class="pager" aria-label=t.publication_list().pages() data-testid="pager">
                    <button type="button" class="button" disabled={page == 0} on:click=move |_| go(page - 1)>
                        {t.publication_list().previous()}
                    </button>
                    <span class="pager-at">{crate::lang::fill(
                        t.publication_list().pager_at(),
                        &[
                            ("first", &grouped(first)),
                            ("last", &grouped(last)),
                            ("shown", &grouped(shown)),
                            ("page", &grouped(page + 1)),
                            ("pages", &grouped(pages)),
                        ],
                    )}</span>
                    <button type="button" class="button" disabled={page + 1 >= pages} on:click=move |_| go(page + 1)>
                        {t.publication_list().next()}
                    </button>
                </nav>
            }
        })
    }
}

/// How many publications are shown, a way to clear the filters, and the exports.
#[component]
fn ListStatus(
    list: Memo<Option<PubList>>,
    total: usize,
    entries: StoredValue<Entries>,
    file_stem: String,
) -> impl IntoView {
    let pubs = use_pub_list();
    let shown = move || list.with(|l| l.as_ref().map(|l| l.shown));
    let active = move || pubs.params.with(PubParams::filter_count);
    let t = text();
    view! {
        <div class="pub-status">
            <p class="result-count" role="status" aria-live="polite" data-testid="publication-count">
                {move || match (shown(), total) {
                    // Not known before the first list (it is loading, or failed): never "0 of".
                    (None, _) => String::new(),
                    (Some(s), all) if s == all => publications_count(all),
                    (Some(s), all) => crate::lang::fill(
                        t.publication_list().shown_of(),
                        &[("shown", &grouped(s)), ("total", &publications_count(all))],
                    ),
                }}
            </p>
            {move || (active() > 0).then(|| view! {
                <button type="button" class="link-button" on:click=move |_| pubs.update(|p| *p = p.without_filters())>
                    {t.publication_list().clear_filters()}
                </button>
            })}
            <ExportButtons list=list entries=entries file_stem=file_stem/>
        </div>
    }
}

/// The filter text, the grouping and the order.
#[component]
fn ListToolbar() -> impl IntoView {
    let pubs = use_pub_list();
    // The box shows each key at once; the list filters just after that is painted.
    let typed = AfterPaint::new(move |query| pubs.type_query(query));
    let t = text();
    let select = |label: &'static str,
                  options: Vec<(&'static str, &'static str)>,
                  current: Signal<&'static str>,
                  set: fn(&PubListContext, &str)| {
        view! {
            <label class="select">
                {label} " "
                <select on:change=move |ev| set(&pubs, &event_target_value(&ev))>
                    {options.into_iter().map(|(key, text)| view! {
                        // The property too: once a reader has picked an option, its attribute
                        // no longer selects it (Back, then Forward, would show the wrong one).
                        <option value=key selected=move || current.get() == key
                            prop:selected=move || current.get() == key>{text}</option>
                    }).collect_view()}
                </select>
            </label>
        }
    };
    view! {
        <div class="pub-toolbar">
            <input
                type="search"
                class="pub-search"
                placeholder=t.publication_list().search_placeholder()
                aria-label=t.publication_list().search_label()
                prop:value=move || pubs.params.with(|p| p.query.clone())
                on:input=move |ev| typed.push(event_target_value(&ev))
                on:keydown=move |ev| typed.clear_on_escape(&ev, || pubs.type_query(String::new()))
            />
            {select(
                t.publication_list().group_by(),
                GroupBy::ALL.iter().map(|g| (g.key(), g.label(t))).collect(),
                Signal::derive(move || pubs.params.with(|p| p.group.key())),
                |s, key| s.update(|p| p.group = GroupBy::from_key(key).unwrap_or_default()),
            )}
            {select(
                t.publication_list().order(),
                Order::ALL.iter().map(|o| (o.key(), o.label(t))).collect(),
                Signal::derive(move || pubs.params.with(|p| p.order.key())),
                |s, key| s.update(|p| p.order = Order::from_key(key).unwrap_or_default()),
            )}
        </div>
    }
}

/// Download the whole filtered list (every page) as BibTeX or CSV.
#[component]
fn ExportButtons(
    list: Memo<Option<PubList>>,
    entries: StoredValue<Entries>,
    file_stem: String,
) -> impl IntoView {
    let failed = RwSignal::new(None::<String>);
    let t = text();
    let export = move |format: ExportFormat, stem: String| {
        let Some(l) = list.get_untracked() else {
            return;
        };
        let source = entries.get_value();
        spawn_local(async move {
            let items = match source.items(&l.entries).await {
                Ok(items) => items,
                Err(e) => {
                    failed.set(Some(e.text(text())));
                    return;
                }
            };
            failed.set(None);
            let entries: Vec<ExportEntry> = (items.iter())
                .map(|i| ExportEntry {
                    publication: &i.publication,
                    dataset: &i.loaded.dataset,
                    key: &i.cite_key,
                })
                .collect();
            let Some(text) = cite::export_file(format, &entries) else {
                return;
            };
            let name = format!("{stem}.{}", format.extension());
            let result = download(&name, format.media_type(), &text);
            if let Err(e) = result {
                leptos::logging::error!("export failed: {e:?}");
            }
        });
    };
    let stem = StoredValue::new(file_stem);
    let allowed = move || {
        list.with(|l| {
            let n = l.as_ref().map_or(0, |l| l.shown);
            entries.with_value(|e| e.can_export(n))
        })
    };
    let hint = move || {
        (!allowed() && list.with(|l| l.as_ref().is_some_and(|l| l.shown > 0))).then(|| {
            // The limit ungrouped ("5000"), as English has always written it.
            let limit = t.lang.year(EXPORT_LIMIT as i64);
            crate::lang::fill(t.publication_list().export_limit(), &[("limit", &limit)])
        })
    };
    view! {
        <span class="export">
            <button type="button" class="button" title=hint disabled=move || !allowed() on:click=move |_| export(ExportFormat::Bibtex, stem.get_value())>
                {t.publication_list().export_bibtex()}
            </button>
            <button type="button" class="button" title=hint disabled=move || !allowed() on:click=move |_| export(ExportFormat::Csv, stem.get_value())>
                {t.publication_list().export_csv()}
            </button>
            {move || failed.get().map(|e| view! { <span class="export-error" role="alert">{e}</span> })}
        </span>
    }
}

/// The page's groups with their headings and whole counts.
#[component]
fn Groups(
    list: Memo<Option<PubList>>,
    entries: StoredValue<Entries>,
    owner: Option<String>,
    top_level: bool,
) -> impl IntoView {
    let owner = StoredValue::new(owner);
    let groups = move || list.with(|l| l.as_ref().map(|l| l.groups.clone()).unwrap_or_default());
    view! {
        <For each=groups key=|g| (g.key.clone(), g.count, g.items.clone()) let:group>
            {
                let heading_id = format!("group-{}", group.key);
                let heading = view! {
                    <bdi>{group.heading(text())}</bdi>
                    " "
                    <span class="group-count">{format!("({})", grouped(group.count))}</span>
                };
                let heading = if top_level {
                    view! { <h2 class="pub-group-title" id=heading_id.clone() title=group.title.clone()>{heading}</h2> }.into_any()
                } else {
                    view! { <h3 class="pub-group-title" id=heading_id.clone() title=group.title.clone()>{heading}</h3> }.into_any()
                };
                let items = entries.with_value(|e| {
                    group.items.iter().filter_map(|&i| e.item(i)).map(|item| {
                        view! {
                            <PublicationItem
                                publication=item.publication
                                owner=owner.get_value()
                                loaded=item.loaded
                                cite_key=item.cite_key
                            />
                        }
                    }).collect_view()
                });
                view! {
                    <section class="pub-group" aria-labelledby=heading_id>
                        {heading}
                        <ol class="publications">{items}</ol>
                    </section>
                }
            }
        </For>
    }
}
