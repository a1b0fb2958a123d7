//! `/compare?ids=a,b`: 2–4 researchers side by side. The URL holds the selection, so a
//! comparison can be bookmarked and shared; the compare tray links to it, and this page's own
//! controls only rewrite it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::date::year_span;
use crate::search::IdList;
use crate::search::compare::{Column, Common, Comparison, SpanKind, Subject};
use crate::search::suggest::sorted_people;
use crate::search::timeline;
use crate::site::route::{AppRoute, profile};
use crate::ui::browser::set_title;
use crate::ui::components::charts::{ShareChart, YearChart};
use crate::ui::components::data_view::{LoadErrorView, LoadingView};
use crate::ui::components::person_picker::TypeAhead;
use crate::ui::components::{DataView, IsolatedList};
use crate::ui::router::{History, Href, use_route};
use crate::ui::state::data::{Atlas, Detail, Load, fetch_details};
use crate::ui::state::picks::MAX_COMPARED;

/// The current year as a fraction (for careers that go on to the present).
fn now() -> f32 {
    let (year, month) = crate::ui::host::year_and_month();
    f32::from(year) + f32::from(month) / 12.0
}

/// The compare page.
#[component]
pub fn ComparePage() -> impl IntoView {
    set_title(Some("Compare"));
    let route = use_route().route;
    let ids = Memo::new(move |_| match route.get() {
        AppRoute::Compare(IdList(ids)) => ids,
        _ => Vec::new(),
    });
    view! {
        <div class="compare-page" data-testid="compare-page">
            <h1>"Compare researchers"</h1>
            <DataView children=move |atlas| {
                let ids = ids.get();
                let (known, unknown): (Vec<String>, Vec<String>) =
                    ids.into_iter().partition(|id| atlas.position(id).is_some());
                let mut known = known;
                known.truncate(MAX_COMPARED);
                view! {
                    {(!unknown.is_empty()).then(|| view! {
                        <p class="notice" role="status">
                            {format!("Not in the directory, left out: {}.", unknown.join(", "))}
                        </p>
                    })}
                    <Picker atlas=atlas.clone() ids=known.clone()/>
                    {if known.len() < 2 {
                        view! {
                            <p class="compare-hint" data-testid="compare-hint">
                                "Pick two to four researchers: use ⇄ Compare on their cards or profiles, or add them above."
                            </p>
                        }.into_any()
                    } else {
                        view! { <Loaded atlas=atlas ids=known/> }.into_any()
                    }}
                }
            }/>
        </div>
    }
}

/// Who is compared: a chip per researcher with a remove button, and a name field to add one.
#[component]
fn Picker(atlas: Arc<Atlas>, ids: Vec<String>) -> impl IntoView {
    let route = use_route();
    let go = move |next: Vec<String>| route.go(&AppRoute::Compare(IdList(next)), History::Push);
    // Everyone not compared yet, by name.
    let people = sorted_people(
        (atlas.cards.iter())
            .filter(|c| !ids.contains(&c.id))
            .map(|c| (c.id.clone(), c.name.clone())),
    );
    let full = ids.len() >= MAX_COMPARED;
    let chips = (ids.iter())
        .filter_map(|id| Some((id, &atlas.cards[atlas.position(id)?].name)))
        .map(|(id, name)| {
            let rest: Vec<String> = ids.iter().filter(|x| *x != id).cloned().collect();
            view! {
                <li class="compare-chip">
                    <a href=profile(id).href()>{name.clone()}</a>
                    <button type="button" class="chip-remove" aria-label=format!("Stop comparing {name}")
                        on:click=move |_| go(rest.clone())>"×"</button>
                </li>
            }
        })
        .collect_view();
    let add = move |id: String| {
        let mut next = ids.clone();
        next.push(id);
        go(next);
    };
    view! {
        <div class="compare-picker">
            <ul class="compare-chips" aria-label="Compared researchers">{chips}</ul>
            {(!full).then(|| view! {
                <div class="compare-add">
                    <label for="compare-add-input">"Add a researcher"</label>
                    <TypeAhead
                        people=people
                        input_id="compare-add-input".to_owned()
                        list_label="Matching researchers".to_owned()
                        prefix="+ "
                        on_pick=Callback::new(add)
                    />
                </div>
            })}
        </div>
    }
}

/// Fetches the compared researchers' records, then shows the comparison.
#[component]
fn Loaded(atlas: Arc<Atlas>, ids: Vec<String>) -> impl IntoView {
    let resource = Load::new({
        let (atlas, ids) = (atlas.clone(), ids.clone());
        move || fetch_details(atlas.clone(), ids.clone())
    });
    move || match resource.get() {
        None => view! { <LoadingView/> }.into_any(),
        Some(Err(e)) => view! {
            <LoadErrorView error=e retry=Callback::new(move |_| resource.refetch())/>
        }
        .into_any(),
        Some(Ok(details)) => view! { <Side details=details ids=ids.clone()/> }.into_any(),
    }
}

/// The comparison itself.
#[component]
fn Side(details: Vec<Arc<Detail>>, ids: Vec<String>) -> impl IntoView {
    let subjects: Vec<Subject<'_>> = (details.iter().zip(&ids))
        .filter_map(|(d, id)| {
            let dataset = &d.loaded.dataset;
            let researcher = dataset.researcher(id)?;
            Some(Subject {
                researcher,
                dataset,
            })
        })
        .collect();
    let c = Comparison::new(&subjects, now());
    let names: Vec<String> = c.columns.iter().map(|c| c.name.clone()).collect();
    let n = c.columns.len();
    view! {
        <section class="compare-section" aria-labelledby="cmp-shared">
            <h2 id="cmp-shared">"What they share"</h2>
            <div class="shared-grid">
                <SharedList title="Co-authored papers" items=c.papers.clone() names=names.clone()
                    empty="No paper on two of these profiles." testid="shared-papers"/>
                <SharedList title="Common co-authors" items=c.coauthors.clone() names=names.clone()
                    empty="No co-author in common." testid="shared-coauthors"/>
                <SharedList title="Common advisors" items=c.advisors.clone() names=names.clone()
                    empty="No advisor in common." testid="shared-advisors"/>
                <SharedList title="Shared organizations" items=c.organizations.clone() names=names.clone()
                    empty="No organization in common." testid="shared-organizations"/>
                <SharedList title="Common topics" items=c.topics.clone() names=names.clone()
                    empty="No topic in common." testid="shared-topics"/>
            </div>
        </section>
        <section class="compare-section" aria-labelledby="cmp-timeline">
            <h2 id="cmp-timeline">"Careers"</h2>
            <Timeline columns=c.columns.clone() axis=c.axis/>
            {c.columns.iter().filter(|col| !col.undated.is_empty()).map(|col| view! {
                <p class="muted" data-testid="undated">
                    "Not on the timeline (no start date), " <bdi>{col.name.clone()}</bdi> ": "
                    <IsolatedList parts=col.undated.clone() separator="; "/> "."
                </p>
            }).collect_view()}
        </section>
        <section class="compare-section" aria-labelledby="cmp-output">
            <h2 id="cmp-output">"Publications per year"</h2>
            <div class=format!("compare-columns cols-{n}")>
                {c.columns.iter().enumerate().map(|(i, col)| view! {
                    <div class=format!("compare-col series-{i}")>
                        <h3>{col.name.clone()}</h3>
                        <YearChart activity=col.activity.clone()
                            title=format!("Publications per year, {}", col.name) axis=c.axis/>
                    </div>
                }).collect_view()}
            </div>
        </section>
        <section class="compare-section" aria-labelledby="cmp-profile">
            <h2 id="cmp-profile">"Side by side"</h2>
            <div class=format!("compare-columns cols-{n}")>
                {c.columns.into_iter().enumerate().map(|(i, col)| view! { <ColumnView col=col series=i/> }).collect_view()}
            </div>
        </section>
    }
}

/// One researcher's column: role, figures, venues, topics, awards.
#[component]
fn ColumnView(col: Column, series: usize) -> impl IntoView {
    let figures = match col.activity.last() {
        Some(last) => format!(
            "{} publications, {}",
            col.activity.total(),
            year_span(col.activity.first, last)
        ),
        None => "No publications".into(),
    };
    view! {
        <div class=format!("compare-col series-{series}") data-testid="compare-column">
            <h3><a href=profile(&col.id).href()>{col.name.clone()}</a></h3>
            {col.role.map(|r| view! { <p class="card-role">{r}</p> })}
            <p class="card-figures">{figures}</p>
            <ShareChart shares=crate::search::summary::top(&col.venues, 6)
                title=format!("Venues, {}", col.name) label="Venue"/>
            <ShareChart shares=crate::search::summary::top(&col.topic_mix, 6)
                title=format!("Publication topics, {}", col.name) label="Topic"/>
            <h4>"Topics"</h4>
            {if col.topics.is_empty() {
                view! { <p class="muted">"None recorded."</p> }.into_any()
            } else {
                view! { <ul class="chips">{col.topics.into_iter().map(|t| view! { <li class="chip static">{t}</li> }).collect_view()}</ul> }.into_any()
            }}
            <h4>"Awards"</h4>
            {if col.awards.is_empty() {
                view! { <p class="muted">"None recorded."</p> }.into_any()
            } else {
                view! { <ul class="plain-list">{col.awards.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}</ul> }.into_any()
            }}
        </div>
    }
}

/// One kind of shared fact, with who shares each.
#[component]
fn SharedList(
    title: &'static str,
    items: Vec<Common>,
    names: Vec<String>,
    empty: &'static str,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <div class="shared-list" data-testid=testid>
            <h3>{title}</h3>
            {if items.is_empty() {
                view! { <p class="muted">{empty}</p> }.into_any()
            } else {
                view! {
                    <ul>
                        {items.into_iter().map(|item| {
                            let everyone = item.who.len() == names.len();
                            let who = item.who.iter().map(|(i, how)| {
                                let name = names.get(*i).cloned().unwrap_or_default();
                                if how.is_empty() { name } else { format!("{name} ({how})") }
                            }).collect::<Vec<_>>();
                            view! {
                                <li>
                                    <span class="shared-label">{item.label}</span>
                                    {item.detail.map(|d| view! { <span class="muted">" · " <bdi>{d}</bdi></span> })}
                                    {(!everyone || item.who.iter().any(|(_, h)| !h.is_empty())).then(|| view! {
                                        <span class="shared-who"><IsolatedList parts=who separator="; "/></span>
                                    })}
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </div>
    }
}

/// Careers on one time axis: a row per researcher, a bar per degree or job.
#[component]
fn Timeline(columns: Vec<Column>, axis: (u16, u16)) -> impl IntoView {
    let Some(t) = timeline::layout(&columns, axis) else {
        return view! { <p class="muted">"No dated degrees or positions to show."</p> }.into_any();
    };
    let (lo, hi) = axis;
    let desc = columns
        .iter()
        .map(|c| format!("{}: {} dated degrees and positions", c.name, c.spans.len()))
        .collect::<Vec<_>>()
        .join("; ");
    let height = t.height;
    let grid = t.ticks.into_iter().map(|tick| {
        let x = format!("{:.1}", tick.x);
        view! {
            <line class="chart-grid" x1=x.clone() x2=x.clone() y1="12" y2=format!("{height:.1}")/>
            <text class="chart-axis" x=x y="10" text-anchor=tick.anchor>{tick.year}</text>
        }
    });
    view! {
        <figure class="chart timeline" data-testid="timeline">
            <svg role="img" viewBox=format!("0 0 {} {height}", timeline::WIDTH) aria-labelledby="timeline-t"
                aria-describedby="timeline-d" focusable="false">
                <title id="timeline-t">"Careers on one time axis"</title>
                <desc id="timeline-d">{format!("From {lo} to {hi}. {desc}.")}</desc>
                {grid.collect_view()}
                {t.rows.into_iter().map(|row| view! { <TimelineRow row=row/> }).collect_view()}
            </svg>
            <figcaption>
                <span class="legend"><span class="swatch span-edu" aria-hidden="true"></span>"Education"</span>
                <span class="legend"><span class="swatch span-job" aria-hidden="true"></span>"Positions"</span>
            </figcaption>
            <TimelineTable columns=columns/>
        </figure>
    }
    .into_any()
}

/// One researcher's name and bars.
#[component]
fn TimelineRow(row: timeline::Row) -> impl IntoView {
    let bars = row.bars.into_iter().map(|b| {
        let class = match b.kind {
            SpanKind::Education => "span-edu",
            SpanKind::Position => "span-job",
        };
        view! {
            <rect class=class x=format!("{:.1}", b.x) y=format!("{:.1}", b.y)
                width=format!("{:.1}", b.width) height=format!("{:.1}", b.height) rx="2">
                <title>{b.title}</title>
            </rect>
        }
    });
    view! {
        <g class=format!("series-{}", row.series)>
            <text class="timeline-name" x="2" y=format!("{:.1}", row.name_y)>{row.name}</text>
            {bars.collect_view()}
        </g>
    }
}

/// The timeline as a table, for screen readers.
#[component]
fn TimelineTable(columns: Vec<Column>) -> impl IntoView {
    let rows = columns.into_iter().flat_map(|c| {
        c.spans
            .into_iter()
            .map(|s| {
                let kind = match s.kind {
                    SpanKind::Education => "Education",
                    SpanKind::Position => "Position",
                };
                view! { <tr><td>{c.name.clone()}</td><td>{kind}</td><td>{s.label}</td><td>{s.dates}</td></tr> }
            })
            .collect::<Vec<_>>()
    });
    view! {
        <div class="visually-hidden"><table>
            <caption>"Careers"</caption>
            <thead><tr><th scope="col">"Researcher"</th><th scope="col">"Kind"</th><th scope="col">"What"</th><th scope="col">"When"</th></tr></thead>
            <tbody>{rows.collect_view()}</tbody>
        </table></div>
    }
}
