//! Which rows of the result grid are in the DOM, measured from the page: the grid's columns, row
//! height and place on the page, re-measured on scroll, resize and after each render (in an
//! animation frame, when the browser lays the page out anyway), turned into a [`RowWindow`].
//! Working out the window never measures: a new result count between two frames must not make
//! the browser lay out a half-updated page. A focused card's row is kept in the window, so Tab
//! never falls off the list however fast it is pressed.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

mod rows;

pub use rows::RowWindow;

/// Rows rendered before the grid has been measured.
const FIRST_ROWS: usize = 6;
/// Columns assumed before the grid has been measured.
const FIRST_COLUMNS: usize = 3;

/// The grid's measured layout: columns, row height (card plus gap) and the grid's top relative to
/// the document, in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
struct GridLayout {
    columns: usize,
    row_height: f64,
    page_top: f64,
}

/// The windowed grid's state, for the list that renders it.
#[derive(Clone, Copy)]
pub struct GridWindow {
    layout: RwSignal<Option<GridLayout>>,
    /// The rows to render.
    pub rows: Memo<RowWindow>,
    /// The row of the card holding focus, if any.
    focused: RwSignal<Option<usize>>,
    total: Memo<usize>,
}

impl GridWindow {
    /// Columns of the grid (a guess until measured).
    pub fn columns(&self) -> usize {
        self.layout.with(|l| l.map_or(FIRST_COLUMNS, |l| l.columns))
    }

    /// The spacer heights above and below the rendered rows, as CSS lengths.
    pub fn padding(&self, below: bool) -> String {
        let rows = self.total.get().div_ceil(self.columns());
        let h = self.layout.with(|l| l.map_or(0.0, |l| l.row_height));
        let (above, under) = self.rows.get().spacers(rows, h);
        // Whole pixels (at most half a pixel off): the float formatter stays out of the first load.
        format!("{}px", (if below { under } else { above }).round() as i64)
    }

    /// Notes that the card at list position `index` (0-based) took focus. Also called when the
    /// focus leaves a grid being taken down (a card's link followed to another page: the browser
    /// reports the focus leaving as the page's elements go, after its state is gone): then it
    /// does nothing.
    pub fn focus(&self, index: Option<usize>) {
        let Some(columns) = (self.layout).try_with(|l| l.map_or(FIRST_COLUMNS, |l| l.columns))
        else {
            return;
        };
        let row = index.map(|i| i / columns);
        if self.focused.try_get_untracked().is_some_and(|f| f != row) {
            self.focused.set(row);
        }
    }

    /// Handles a `focusin` inside the grid: the focused card's position is its slot's
    /// `aria-posinset`.
    pub fn on_focusin(&self, ev: &web_sys::FocusEvent) {
        let slot = (ev.target())
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[aria-posinset]").ok().flatten());
        let index = slot
            .and_then(|s| s.get_attribute("aria-posinset"))
            .and_then(|p| p.parse::<usize>().ok())
            .and_then(|p| p.checked_sub(1));
        self.focus(index);
    }
}

/// Measures `grid` and works out which of `total` cards to render; `rendered` is read after
/// each render to measure again.
pub fn use_grid_window(
    grid: NodeRef<leptos::html::Div>,
    total: Memo<usize>,
    rendered: impl Fn() + 'static,
) -> GridWindow {
    let layout = RwSignal::new(None::<GridLayout>);
    let scroll = RwSignal::new(0u32);
    let focused = RwSignal::new(None::<usize>);
    // Also called from an animation frame, which may come after the grid's page has gone (a
    // link followed between a render and the next frame): then there is nothing to measure.
    let measure = move || {
        let (Some(Some(el)), Some(current)) =
            (grid.try_get_untracked(), layout.try_get_untracked())
        else {
            return;
        };
        if let Some(next) = measure_grid(&el)
            && current != Some(next)
        {
            layout.try_set(Some(next));
        }
        scroll.try_update(|n| *n = n.wrapping_add(1));
    };
    let on_scroll = window_event_listener(leptos::ev::scroll, move |_| measure());
    let on_resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || {
        on_scroll.remove();
        on_resize.remove();
    });
    let rows = Memo::new(move |_| {
        scroll.track();
        let columns = layout.with(|l| l.map_or(FIRST_COLUMNS, |l| l.columns));
        let rows = total.get().div_ceil(columns);
        let window = match layout.get() {
            Some(l) => {
                let w = window();
                let viewport = (w.inner_height().ok())
                    .and_then(|h| h.as_f64())
                    .unwrap_or(900.0);
                let top = l.page_top - w.scroll_y().unwrap_or(0.0);
                RowWindow::visible(top, viewport, l.row_height, rows)
            }
            None => RowWindow::initial(rows, FIRST_ROWS),
        };
        match focused.get() {
            Some(row) => window.including(row, rows),
            None => window,
        }
    });
    Effect::new(move |_| {
        rendered();
        request_animation_frame(measure);
    });
    GridWindow {
        layout,
        rows,
        focused,
        total,
    }
}

/// The grid's columns (from its computed template) and row height (a card slot plus the gap).
fn measure_grid(el: &web_sys::HtmlDivElement) -> Option<GridLayout> {
    let style = window().get_computed_style(el).ok().flatten()?;
    let columns = (style.get_property_value("grid-template-columns").ok())
        .map_or(1, |c| c.split_whitespace().count().max(1));
    let item = el.query_selector(".card-slot").ok().flatten()?;
    let gap = (style.get_property_value("row-gap").ok())
        // JavaScript's own parser: Rust's would add its code to the first load.
        .map(|g| js_sys::parse_float(&g))
        .filter(|g| g.is_finite())
        .unwrap_or(16.0);
    let scrolled = window().scroll_y().unwrap_or(0.0);
    Some(GridLayout {
        columns,
        row_height: item.get_bounding_client_rect().height() + gap,
        page_top: el.get_bounding_client_rect().top() + scrolled,
    })
}
