//! `/compare?ids=a,b`: 2–4 researchers side by side. The URL holds the selection, so a
//! comparison can be bookmarked and shared; the compare tray links to it, and this page's own
//! controls only rewrite it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lang::fill;
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
use crate::ui::lang::text;
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
    let t = text();
    set_title(Some(t.compare().title()));
    let route = use_route().route;
    let ids = Memo::new(move |_| match route.get() {
        AppRoute::Compare(IdList(ids)) => ids,
        _ => Vec::new(),
    });
    view! {
        <div class="compare-page" data-testid="compare-page">
            <h1>{t.compare().heading()}</h1>
            <DataView children=move |atlas| {
                let ids = ids.get();
                let (known, unknown): (Vec<String>, Vec<String>) =
                    ids.into_iter().partition(|id| atlas.position(id).is_some());
                let mut known = known;
                known.truncate(MAX_COMPARED);
                view! {
                    {(!unknown.is_empty()).then(|| view! {
                        <p class="notice" role="status">
                            {fill(t.compare().unknown(), &[("ids", &unknown.join(", "))])}
                        </p>
                    })}
                    <Picker atlas=atlas.clone() ids=known.clone()/>
                    {if known.len() < 2 {
                        view! {
                            <p class="compare-hint" data-testid="compare-hint">
                                {t.compare().hint()}
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
    let t = text().compare();
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
                    <button type="button" class="chip-remove" aria-label=fill(t.stop_comparing(), &[("name", name)])
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
            <ul class="compare-chips" aria-label=t.compared()>{chips}</ul>
            {(!full).then(|| view! {
                <div class="compare-add">
                    <label for="compare-add-input">{t.add()}</label>
                    <TypeAhead
                        people=people
                        input_id="compare-add-input".to_owned()
                        list_label=t.matching().to_owned()
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
    let t = text().compare();
    let c = Comparison::new(&subjects, now(), text());
    let names: Vec<String> = c.columns.iter().map(|c| c.name.clone()).collect();
    let n = c.columns.len();
    view! {
        <section class="compare-section" aria-labelledby="cmp-shared">
            <h2 id="cmp-shared">{t.shared()}</h2>
            <div class="shared-grid">
                <SharedList title=t.papers() items=c.papers.clone() names=names.clone()
                    empty=t.papers_none() testid="shared-papers"/>
                <SharedList title=t.coauthors() items=c.coauthors.clone() names=names.clone()
                    empty=t.coauthors_none() testid="shared-coauthors"/>
                <SharedList title=t.advisors() items=c.advisors.clone() names=names.clone()
                    empty=t.advisors_none() testid="shared-advisors"/>
                <SharedList title=t.organizations() items=c.organizations.clone() names=names.clone()
                    empty=t.organizations_none() testid="shared-organizations"/>
                <SharedList title=t.topics_common() items=c.topics.clone() names=names.clone()
                    empty=t.topics_none() testid="shared-topics"/>
            </div>
        </section>
        <section class="compare-section" aria-labelledby="cmp-timeline">
            <h2 id="cmp-timeline">{t.careers()}</h2>
            <Timeline columns=c.columns.clone() axis=c.axis/>
            {c.columns.iter().filter(|col| !col.undated.is_empty()).map(|col| view! {
                <p class="muted" data-testid="undated">{undated(t.undated(), col)}</p>
            }).collect_view()}
        </section>
        <section class="compare-section" aria-labelledby="cmp-output">
            <h2 id="cmp-output">{t.per_year()}</h2>
            <div class=format!("compare-columns cols-{n}")>
                {c.columns.iter().enumerate().map(|(i, col)| view! {
                    <div class=format!("compare-col series-{i}")>
                        <h3>{col.name.clone()}</h3>
                        <YearChart activity=col.activity.clone()
                            title=fill(t.per_year_of(), &[("name", &col.name)]) axis=c.axis/>
                    </div>
                }).collect_view()}
            </div>
        </section>
        <section class="compare-section" aria-labelledby="cmp-profile">
            <h2 id="cmp-profile">{t.side_by_side()}</h2>
            <div class=format!("compare-columns cols-{n}")>
                {c.columns.into_iter().enumerate().map(|(i, col)| view! { <ColumnView col=col series=i/> }).collect_view()}
            </div>
        </section>
    }
}

/// One researcher's column: role, figures, venues, topics, awards.
#[component]
fn ColumnView(col: Column, series: usize) -> impl IntoView {
    let lang = text().lang;
    let t = text().compare();
    let figures = match col.activity.last() {
        Some(last) => t.figures().count_with(
            col.activity.total() as usize,
            &[(
                "years",
                &lang.years(i64::from(col.activity.first), i64::from(last)),
            )],
        ),
        None => t.no_publications().into(),
    };
    view! {
        <div class=format!("compare-col series-{series}") data-testid="compare-column">
            <h3><a href=profile(&col.id).href()>{col.name.clone()}</a></h3>
            {col.role.map(|r| view! { <p class="card-role">{r}</p> })}
            <p class="card-figures">{figures}</p>
            <ShareChart shares=crate::search::summary::top(text(), &col.venues, 6)
                title=fill(t.venues_of(), &[("name", &col.name)]) label=t.venue()/>
            <ShareChart shares=crate::search::summary::top(text(), &col.topic_mix, 6)
                title=fill(t.topics_of(), &[("name", &col.name)]) label=t.topic()/>
            <h4>{t.topics()}</h4>
            {if col.topics.is_empty() {
                view! { <p class="muted">{t.none_recorded()}</p> }.into_any()
            } else {
                view! { <ul class="chips">{col.topics.into_iter().map(|t| view! { <li class="chip static">{t}</li> }).collect_view()}</ul> }.into_any()
            }}
            <h4>{t.awards()}</h4>
            {if col.awards.is_empty() {
                view! { <p class="muted">{t.none_recorded()}</p> }.into_any()
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
    let t = text().compare();
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
                                if how.is_empty() { name } else { fill(t.who_how(), &[("name", &name), ("how", how)]) }
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
    let lang = text().lang;
    let text = text().compare();
    let Some(t) = timeline::layout(&columns, axis, crate::ui::lang::text()) else {
        return view! { <p class="muted">{text.no_timeline()}</p> }.into_any();
    };
    let (lo, hi) = axis;
    let desc = columns
        .iter()
        .map(|c| (text.timeline_row()).count_with(c.spans.len(), &[("name", &c.name)]))
        .collect::<Vec<_>>()
        .join("; ");
    let desc = fill(
        text.timeline_desc(),
        &[
            ("from", &lang.year(i64::from(lo))),
            ("to", &lang.year(i64::from(hi))),
            ("rows", &desc),
        ],
    );
    let height = t.height;
    let grid = t.ticks.into_iter().map(|tick| {
        let x = format!("{:.1}", tick.x);
        view! {
            <line class="chart-grid" x1=x.clone() x2=x.clone() y1="12" y2=format!("{height:.1}")/>
            <text class="chart-axis" x=x y="10" text-anchor=tick.anchor>{lang.year(i64::from(tick.year))}</text>
        }
    });
    view! {
        <figure class="chart timeline" data-testid="timeline">
            <svg role="img" viewBox=format!("0 0 {} {height}", timeline::WIDTH) aria-labelledby="timeline-t"
                aria-describedby="timeline-d" focusable="false">
                <title id="timeline-t">{text.timeline_title()}</title>
                <desc id="timeline-d">{desc}</desc>
                {grid.collect_view()}
                {t.rows.into_iter().map(|row| view! { <TimelineRow row=row/> }).collect_view()}
            </svg>
            <figcaption>
                <span class="legend"><span class="swatch span-edu" aria-hidden="true"></span>{text.education()}</span>
                <span class="legend"><span class="swatch span-job" aria-hidden="true"></span>{text.positions()}</span>
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
            SpanKind::Education => "span-edu", // not text
            SpanKind::Position => "span-job",  // not text
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
    let t = text().compare();
    let rows = columns.into_iter().flat_map(|c| {
        c.spans
            .into_iter()
            .map(|s| {
                let kind = match s.kind {
                    SpanKind::Education => t.education(),
                    SpanKind::Position => t.position(),
                };
                view! { <tr><td>{c.name.clone()}</td><td>{kind}</td><td>{s.label}</td><td>{s.dates}</td></tr> }
            })
            .collect::<Vec<_>>()
    });
    view! {
        <div class="visually-hidden"><table>
            <caption>{t.careers()}</caption>
            <thead><tr>
                <th scope="col">{t.researcher()}</th>
                <th scope="col">{t.kind()}</th>
                <th scope="col">{t.what()}</th>
                <th scope="col">{t.when()}</th>
            </tr></thead>
            <tbody>{rows.collect_view()}</tbody>
        </table></div>
    }
}

/// "Not on the timeline (no start date), Ada: BSc; MSc.": the template's `{name}` and `{items}`
/// in the order the language puts them.
fn undated(template: &'static str, col: &Column) -> impl IntoView + use<> {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        parts.push(rest[..start].to_owned().into_any());
        match &rest[start + 1..start + len] {
            "name" => parts.push(view! { <bdi>{col.name.clone()}</bdi> }.into_any()),
            "items" => parts.push(
                view! { <IsolatedList parts=col.undated.clone() separator="; "/> }.into_any(),
            ),
            _ => {}
        }
        rest = &rest[start + len + 1..];
    }
    parts.push(rest.to_owned().into_any());
    parts
}
