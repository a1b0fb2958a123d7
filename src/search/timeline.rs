//! The compare page's careers timeline, laid out: one row per researcher, each degree or job a
//! bar on a shared year axis, overlapping bars packed into lanes so none hides another.
//!
//! Plain geometry in SVG user units; the view only draws what [`layout`] returns.

use super::compare::{Column, Span, SpanKind};
use crate::lang::{Catalogue, fill};

/// Width of the drawing.
pub const WIDTH: f32 = 800.0;
/// Height of one lane of bars.
const LANE: f32 = 14.0;
/// Space below a row.
const GAP: f32 = 10.0;
/// Space for a row's name above its bars (and for the axis labels above the first row).
const HEAD: f32 = 18.0;

/// One bar: a degree or job.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Degree or job.
    pub kind: SpanKind,
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width (at least 2, so a short stint stays visible).
    pub width: f32,
    /// Height.
    pub height: f32,
    /// "What (when)", for the tooltip.
    pub title: String,
}

/// One researcher's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The researcher's position among the compared (their colour series).
    pub series: usize,
    /// Their name.
    pub name: String,
    /// Baseline of the name.
    pub name_y: f32,
    /// Their bars.
    pub bars: Vec<Bar>,
}

/// A grid line with its year label.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tick {
    /// The year.
    pub year: u16,
    /// Where it is drawn.
    pub x: f32,
    /// `text-anchor` of its label: the labels at either end stay inside the drawing.
    pub anchor: &'static str,
}

/// The laid-out timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// Rows, in the order of the columns.
    pub rows: Vec<Row>,
    /// Grid lines.
    pub ticks: Vec<Tick>,
    /// Total height.
    pub height: f32,
}

/// Lays `columns` out between the years of `axis`, the bars' titles in `t`'s language; `None`
/// when there is nothing dated to draw.
pub fn layout(columns: &[Column], axis: (u16, u16), t: &Catalogue) -> Option<Timeline> {
    let (lo, hi) = axis;
    if hi <= lo || columns.iter().all(|c| c.spans.is_empty()) {
        return None;
    }
    let x = |year: f32| (year - f32::from(lo)) / f32::from(hi - lo) * WIDTH;
    let mut rows = Vec::with_capacity(columns.len());
    let mut top = HEAD;
    for (series, col) in columns.iter().enumerate() {
        let (lanes, count) = pack_lanes(&col.spans);
        let bars = col
            .spans
            .iter()
            .zip(lanes)
            .map(|(s, lane)| {
                let x0 = x(s.start);
                Bar {
                    kind: s.kind,
                    x: x0,
                    y: top + HEAD + lane as f32 * LANE - 2.0,
                    width: (x(s.end) - x0).max(2.0),
                    height: LANE - 3.0,
                    title: fill(
                        t.compare_text().bar_title(),
                        &[("label", &s.label), ("dates", &s.dates)],
                    ),
                }
            })
            .collect();
        rows.push(Row {
            series,
            name: col.name.clone(),
            name_y: top + 12.0,
            bars,
        });
        top += count.max(1) as f32 * LANE + GAP + HEAD;
    }
    let ticks = year_ticks(lo, hi)
        .into_iter()
        .map(|year| {
            let tx = x(f32::from(year));
            let anchor = if tx < 20.0 {
                "start"
            } else if tx > WIDTH - 20.0 {
                "end"
            } else {
                "middle"
            };
            Tick {
                year,
                x: tx,
                anchor,
            }
        })
        .collect();
    Some(Timeline {
        rows,
        ticks,
        height: top,
    })
}

/// The lane of each span, in order, and the number of lanes: a span goes in the first lane
/// whose last span ended by the time it starts.
pub fn pack_lanes(spans: &[Span]) -> (Vec<usize>, usize) {
    let mut lane_ends: Vec<f32> = Vec::new();
    let lanes = spans
        .iter()
        .map(|s| {
            let lane = match lane_ends.iter().position(|&e| e <= s.start) {
                Some(l) => l,
                None => {
                    lane_ends.push(0.0);
                    lane_ends.len() - 1
                }
            };
            lane_ends[lane] = s.end;
            lane
        })
        .collect();
    (lanes, lane_ends.len())
}

/// Years to mark between `lo` and `hi`: every year, every second or every fifth, by the span.
pub fn year_ticks(lo: u16, hi: u16) -> Vec<u16> {
    let step = match hi.saturating_sub(lo) {
        25.. => 5,
        11..=24 => 2,
        _ => 1,
    };
    (lo..=hi).filter(|t| t % step == 0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(start: f32, end: f32) -> Span {
        Span {
            kind: SpanKind::Position,
            label: "Job".into(),
            dates: "then".into(),
            start,
            end,
            ongoing: false,
        }
    }

    #[test]
    fn overlapping_spans_get_their_own_lane() {
        // (spans as (start, end), the lane of each, the number of lanes)
        type Case<'a> = (&'a [(f32, f32)], &'a [usize], usize);
        let cases: [Case; 4] = [
            (&[], &[], 0),
            (&[(2010.0, 2014.0), (2014.0, 2018.0)], &[0, 0], 1),
            (&[(2010.0, 2015.0), (2012.0, 2018.0)], &[0, 1], 2),
            (
                &[(2010.0, 2015.0), (2012.0, 2018.0), (2016.0, 2020.0)],
                &[0, 1, 0],
                2,
            ),
        ];
        for (spans, lanes, count) in cases {
            let spans: Vec<Span> = spans.iter().map(|&(a, b)| span(a, b)).collect();
            assert_eq!(pack_lanes(&spans), (lanes.to_vec(), count), "{spans:?}");
        }
    }

    #[test]
    fn ticks_thin_out_over_long_careers() {
        assert_eq!(year_ticks(2018, 2021), [2018, 2019, 2020, 2021]);
        assert_eq!(
            year_ticks(2010, 2024),
            [2010, 2012, 2014, 2016, 2018, 2020, 2022, 2024]
        );
        assert_eq!(year_ticks(1998, 2026), [2000, 2005, 2010, 2015, 2020, 2025]);
    }

    #[test]
    fn nothing_dated_draws_nothing() {
        assert_eq!(layout(&[], (2000, 2020), &crate::lang::EN), None);
    }
}
