//! Which rows of a long, uniform grid to put in the DOM: the ones on screen plus a margin.
//!
//! The directory can have 20,000 results; rendering them all would cost seconds per keystroke.
//! The result grid has rows of one height, so the rows on screen follow from the grid's
//! position, the viewport's height and the row height alone; spacers above and below keep the
//! page as tall as the whole list, so the scroll bar and scrolling behave as if every card were
//! there.

/// The rows to render, `first..end`, out of `rows`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowWindow {
    /// First row rendered.
    pub first: usize,
    /// One past the last row rendered.
    pub end: usize,
}

/// Rows rendered beyond each edge of the viewport, so scrolling and tabbing find cards ready.
pub const OVERSCAN: usize = 3;

impl RowWindow {
    /// The window before anything was measured: the first `rows_guess` rows.
    pub fn initial(rows: usize, rows_guess: usize) -> Self {
        Self {
            first: 0,
            end: rows.min(rows_guess),
        }
    }

    /// The rows on screen plus [`OVERSCAN`] on each side. `grid_top` is the grid's top relative
    /// to the viewport (negative once scrolled past), `row_height` includes the gap.
    pub fn visible(grid_top: f64, viewport: f64, row_height: f64, rows: usize) -> Self {
        if rows == 0 || row_height <= 0.0 || !grid_top.is_finite() || !viewport.is_finite() {
            return Self { first: 0, end: 0 };
        }
        let above = (-grid_top / row_height).floor().max(0.0) as usize;
        let through = ((viewport - grid_top) / row_height).ceil().max(0.0) as usize;
        let first = above.saturating_sub(OVERSCAN).min(rows);
        let end = (through + OVERSCAN).min(rows).max(first);
        Self { first, end }
    }

    /// This window grown to hold `row` and [`OVERSCAN`] rows after it, so a keyboard user who
    /// tabs faster than the page scrolls finds the next cards already there.
    pub fn including(self, row: usize, rows: usize) -> Self {
        if row >= rows {
            return self;
        }
        Self {
            first: self.first.min(row),
            end: self.end.max((row + 1 + OVERSCAN).min(rows)),
        }
    }

    /// Height of the spacer above the window and below it.
    pub fn spacers(&self, rows: usize, row_height: f64) -> (f64, f64) {
        let below = rows.saturating_sub(self.end);
        (self.first as f64 * row_height, below as f64 * row_height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_covers_the_viewport_and_a_margin() {
        // (grid top, viewport, row height, rows) → (first, end)
        let cases = [
            ((200.0, 900.0, 300.0, 10_000), (0, 6)),
            ((-3000.0, 900.0, 300.0, 10_000), (7, 16)),
            ((-3000.0, 900.0, 300.0, 12), (7, 12)),
            ((-30_000.0, 900.0, 300.0, 12), (12, 12)),
            ((0.0, 900.0, 300.0, 0), (0, 0)),
            ((0.0, 900.0, 0.0, 5), (0, 0)),
            ((2000.0, 900.0, 300.0, 50), (0, 3)),
        ];
        for ((top, viewport, h, rows), (first, end)) in cases {
            let w = RowWindow::visible(top, viewport, h, rows);
            assert_eq!(
                (w.first, w.end),
                (first, end),
                "{top} {viewport} {h} {rows}"
            );
            assert!(w.first <= w.end && w.end <= rows);
        }
    }

    #[test]
    fn spacers_keep_the_whole_height() {
        let rows = 100;
        let w = RowWindow::visible(-3000.0, 900.0, 300.0, rows);
        let (above, below) = w.spacers(rows, 300.0);
        let inside = (w.end - w.first) as f64 * 300.0;
        assert_eq!(above + inside + below, rows as f64 * 300.0);
        assert_eq!(RowWindow::initial(3, 6), RowWindow { first: 0, end: 3 });
    }

    #[test]
    fn a_focused_row_is_kept_with_the_rows_after_it() {
        let w = RowWindow { first: 4, end: 10 };
        // (focused row, rows) → window
        let cases = [
            ((5, 100), (4, 10)),
            ((9, 100), (4, 13)),
            ((2, 100), (2, 10)),
            ((98, 100), (4, 100)),
            ((100, 100), (4, 10)),
        ];
        for ((row, rows), (first, end)) in cases {
            assert_eq!(
                w.including(row, rows),
                RowWindow { first, end },
                "{row} of {rows}"
            );
        }
    }
}
