//! Charts drawn as inline SVG by the app: a sparkline for cards, bars per year for profiles, and
//! horizontal bars for a mix (venues, topics).
//!
//! Every chart has an accessible name and description (`<title>` / `<desc>`, referenced by
//! `aria-labelledby` / `aria-describedby`) and the same figures as a table for screen readers.
//! Colours come from CSS classes (`chart-*` in `style/main.css`), so both themes apply.

use std::sync::atomic::{AtomicU32, Ordering};

use leptos::prelude::*;

use crate::lang::{Catalogue, fill};
use crate::search::summary::{Activity, Share};
use crate::ui::lang::text;

/// A document-unique id for a chart's title and description.
fn chart_id(prefix: &str) -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    format!("{prefix}-{}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// `x` written with `places` decimals (`fixed(2.345, 1)` is "2.3"), by integer arithmetic: the
/// float formatter's code would otherwise be in the first load of every page, since the cards'
/// sparklines are on the directory.
pub fn fixed(x: impl Into<f64>, places: u32) -> String {
    let scale = 10_i64.pow(places);
    let n = (x.into() * scale as f64).round() as i64;
    let sign = if n < 0 { "-" } else { "" };
    let (whole, part) = (n.abs() / scale, n.abs() % scale);
    match places {
        0 => format!("{sign}{whole}"),
        _ => format!("{sign}{whole}.{part:0width$}", width = places as usize),
    }
}

/// A count in the language's digits, ungrouped as the charts have always written it ("1204").
fn digits(t: &Catalogue, n: impl Into<u64>) -> String {
    t.lang.year(n.into() as i64)
}

/// "11 publications from 2019 to 2025, most in 2024 (4)." in `t`'s language.
pub fn describe_activity(t: &Catalogue, a: &Activity) -> String {
    let c = t.charts();
    let Some(last) = a.last() else {
        return c.no_publications().into();
    };
    let total = a.total() as usize;
    let (first, last) = (t.lang.year(a.first.into()), t.lang.year(last.into()));
    if a.first == a.last().unwrap_or(a.first) {
        return c.one_year().count_with(total, &[("year", &last)]);
    }
    let span = [("from", first.as_str()), ("to", last.as_str())];
    let peak = a.peak();
    let peak_year = a.years().filter(|&(_, c)| c == peak).map(|(y, _)| y).last();
    match peak_year {
        Some(y) if a.counts.len() > 1 => {
            let (y, peak) = (t.lang.year(y.into()), digits(t, peak));
            let args = [
                span[0],
                span[1],
                ("peak_year", y.as_str()),
                ("peak", peak.as_str()),
            ];
            c.years_peak().count_with(total, &args)
        }
        _ => c.years().count_with(total, &span),
    }
}

/// The table alternative of an activity chart.
fn activity_table(caption: String, a: &Activity) -> impl IntoView + use<> {
    let rows = a.years().collect::<Vec<_>>();
    let t = text();
    view! {
        <div class="visually-hidden"><table>
            <caption>{caption}</caption>
            <thead><tr><th scope="col">{t.charts().year()}</th><th scope="col">{t.charts().publications()}</th></tr></thead>
            <tbody>
                {rows.into_iter().map(|(y, c)| view! {
                    <tr><th scope="row">{t.lang.year(y.into())}</th><td>{digits(t, c)}</td></tr>
                }).collect_view()}
            </tbody>
        </table></div>
    }
}

/// Publications per year as a tiny bar chart, for a card.
#[component]
pub fn Sparkline(
    /// Publications per year.
    activity: Activity,
    /// Whose they are, for the accessible name.
    name: String,
) -> impl IntoView {
    if activity.is_empty() {
        return ().into_any();
    }
    let (title_id, desc_id) = (chart_id("spark-t"), chart_id("spark-d"));
    let (title_ref, desc_ref) = (title_id.clone(), desc_id.clone());
    let t = text();
    let title = fill(t.charts().sparkline_title(), &[("name", &name)]);
    let desc = describe_activity(t, &activity);
    const W: f32 = 64.0;
    const H: f32 = 16.0;
    let n = activity.counts.len().max(1) as f32;
    let step = W / n;
    let peak = f32::from(activity.peak().max(1));
    let bars = activity
        .years()
        .enumerate()
        .map(|(i, (_, c))| {
            let h = if c == 0 {
                1.0
            } else {
                (f32::from(c) / peak * (H - 1.0)).max(2.0)
            };
            let class = if c == 0 { "spark-zero" } else { "spark-bar" };
            view! {
                <rect class=class x=fixed(i as f32 * step + step * 0.1, 2)
                    y=fixed(H - h, 2) width=fixed(step * 0.8, 2)
                    height=fixed(h, 2)/>
            }
        })
        .collect_view();
    view! {
        <span class="sparkline" data-testid="sparkline">
            <svg role="img" viewBox="0 0 64 16" width="64" height="16"
                aria-labelledby=title_ref aria-describedby=desc_ref
                preserveAspectRatio="none" focusable="false">
                <title id=title_id>{title.clone()}</title>
                <desc id=desc_id>{desc}</desc>
                {bars}
            </svg>
            {activity_table(title, &activity)}
        </span>
    }
    .into_any()
}

/// Publications per year as a labelled bar chart, for a profile or a comparison.
#[component]
pub fn YearChart(
    /// Publications per year.
    activity: Activity,
    /// The chart's title, e.g. "Publications per year".
    title: String,
    /// The years the axis spans; the activity's own span when `None`.
    #[prop(optional)]
    axis: Option<(u16, u16)>,
) -> impl IntoView {
    if activity.is_empty() {
        return ().into_any();
    }
    let (title_id, desc_id) = (chart_id("years-t"), chart_id("years-d"));
    let (title_ref, desc_ref) = (title_id.clone(), desc_id.clone());
    let t = text();
    let desc = describe_activity(t, &activity);
    let (lo, hi) = axis.unwrap_or((activity.first, activity.last().unwrap_or(activity.first)));
    let years: Vec<u16> = (lo..=hi).collect();
    // About 56 units a year, so a short career does not stretch into slabs; shown at its natural
    // width, shrunk to fit narrow screens.
    let w = (years.len() as f32 * 56.0).clamp(240.0, 720.0);
    const H: f32 = 150.0;
    const TOP: f32 = 18.0;
    const BOTTOM: f32 = 22.0;
    let step = w / years.len() as f32;
    let peak = f32::from(activity.peak().max(1));
    // Label every k-th year so labels never collide (about 44 units each).
    let every = ((44.0 / step).ceil() as usize).max(1);
    let bars = years
        .iter()
        .enumerate()
        .map(|(i, &y)| {
            let c = activity.count(y);
            let h = f32::from(c) / peak * (H - TOP - BOTTOM);
            let x = i as f32 * step;
            let label = (i % every == 0 || i + 1 == years.len()).then(|| {
                view! {
                    <text class="chart-axis" x=fixed(x + step / 2.0, 1) y=fixed(H - 6.0, 0)
                        text-anchor="middle">{t.lang.year(y.into())}</text>
                }
            });
            let value = (c > 0).then(|| {
                view! {
                    <text class="chart-value" x=fixed(x + step / 2.0, 1)
                        y=fixed(H - BOTTOM - h - 4.0, 1) text-anchor="middle">{digits(t, c)}</text>
                }
            });
            let tip =
                (t.charts().bar_tip()).count_with(c.into(), &[("year", &t.lang.year(y.into()))]);
            view! {
                <g>
                    <rect class="chart-bar" x=fixed(x + step * 0.15, 1)
                        y=fixed(H - BOTTOM - h, 1) width=fixed(step * 0.7, 1)
                        height=fixed(h, 1)>
                        <title>{tip}</title>
                    </rect>
                    {value}
                    {label}
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="chart year-chart" data-testid="year-chart">
            <svg role="img" viewBox=format!("0 0 {} {}", fixed(w, 0), fixed(H, 0)) width=fixed(w, 0) height=fixed(H, 0)
                aria-labelledby=title_ref aria-describedby=desc_ref focusable="false">
                <title id=title_id>{title.clone()}</title>
                <desc id=desc_id>{desc}</desc>
                <line class="chart-baseline" x1="0" x2=fixed(w, 0) y1=fixed(H - BOTTOM, 0)
                    y2=fixed(H - BOTTOM, 0)/>
                {bars}
            </svg>
            <figcaption aria-hidden="true">{title.clone()}</figcaption>
            {activity_table(title, &activity)}
        </figure>
    }
    .into_any()
}

/// A mix (venues, topics) as horizontal bars: a table whose rows carry an SVG bar, so the
/// figures read as a table and the bars are decoration.
#[component]
pub fn ShareChart(
    /// The shares, most frequent first.
    shares: Vec<Share>,
    /// The chart's title, e.g. "Venues".
    title: String,
    /// What the label column holds, e.g. "Venue".
    label: &'static str,
) -> impl IntoView {
    if shares.is_empty() {
        return ().into_any();
    }
    let peak = shares.iter().map(|s| s.count).max().unwrap_or(1).max(1);
    let t = text();
    view! {
        <table class="chart share-chart" data-testid="share-chart">
            <caption>{title}</caption>
            <thead class="visually-hidden">
                <tr><th scope="col">{label}</th><th scope="col">{t.charts().publications()}</th><th scope="col">{t.charts().share()}</th></tr>
            </thead>
            <tbody>
                {shares.into_iter().map(|s| {
                    let pct = f64::from(s.count) / f64::from(peak) * 100.0;
                    view! {
                        <tr>
                            <th scope="row">{s.label}</th>
                            <td class="share-count">{digits(t, s.count)}</td>
                            <td class="share-bar">
                                <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                                    <rect class="chart-bar" x="0" y="0" height="8" width=fixed(pct, 1)/>
                                </svg>
                            </td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{AR, DE, EN};

    #[test]
    fn activity_descriptions_read_naturally() {
        let a = Activity::from_years([2019, 2021, 2021, 2024]);
        assert_eq!(
            describe_activity(&EN, &a),
            "4 publications from 2019 to 2024, most in 2021 (2)."
        );
        assert_eq!(
            describe_activity(&EN, &Activity::from_years([2020])),
            "1 publication in 2020."
        );
        assert_eq!(
            describe_activity(&EN, &Activity::default()),
            "No publications."
        );
        assert_eq!(
            describe_activity(&EN, &Activity::from_years([2020, 2022])),
            "2 publications from 2020 to 2022, most in 2022 (1)."
        );
        assert_eq!(
            describe_activity(&DE, &a),
            "4 Publikationen von 2019 bis 2024, die meisten im Jahr 2021 (2)."
        );
        assert_eq!(
            describe_activity(&AR, &Activity::from_years([2020])),
            "منشور واحد في ٢٠٢٠."
        );
    }

    #[test]
    fn fixed_writes_rounded_decimals() {
        assert_eq!(fixed(2.345_f64, 1), "2.3");
        assert_eq!(fixed(2.36_f32, 1), "2.4");
        assert_eq!(fixed(0.05_f64, 2), "0.05");
        assert_eq!(fixed(12.0_f32, 2), "12.00");
        assert_eq!(fixed(240.0_f32, 0), "240");
        assert_eq!(fixed(-1.25_f64, 1), "-1.3");
        assert_eq!(fixed(-0.04_f64, 1), "0.0");
        assert_eq!(fixed(99.96_f64, 1), "100.0");
    }
}
