//! The SVG graph: zoom with the wheel or the buttons, pan by dragging, hover or focus a person
//! for details, click to open their profile. The zoom and pan maths are
//! [`zoom_box`] and [`pan_box`]; this file only holds the view box and the pointer.

use std::sync::Arc;

use leptos::prelude::*;

use super::marks::{EdgeLines, HubLinks, HubMarks, Lit, NameLabels, NodeDetails, NodeMarks};
use super::state::Drawn;
use crate::search::network::Network;
use crate::search::network::drawing::{ViewBox, pan_box, zoom_box};
use crate::ui::lang::text;

/// The graph with its zoom buttons, details and legend.
#[component]
pub fn Graph(
    /// Names and ids of the people drawn.
    network: Arc<Network>,
    /// What to draw.
    drawn: Drawn,
) -> impl IntoView {
    let viewport = Viewport::new(drawn.frame);
    let hovered = RwSignal::new(None::<Lit>);
    let t = text();
    view! {
        <div class="graph-wrap">
            <ZoomTools viewport=viewport/>
            <svg node_ref=viewport.svg class="graph" data-testid="graph" role="group"
                aria-label=t.connections().graph_label()
                viewBox=move || viewport.view_box_attr()
                on:wheel=move |e| {
                    e.prevent_default();
                    viewport.zoom(if e.delta_y() > 0.0 { 1.1 } else { 0.9 });
                }
                on:pointerdown=move |e| viewport.grab(e.client_x(), e.client_y())
                on:pointermove=move |e| viewport.drag_to(e.client_x(), e.client_y())
                on:pointerup=move |_| viewport.release()
                on:pointerleave=move |_| viewport.release()>
                <HubLinks drawn=drawn hovered=hovered/>
                <EdgeLines network=network.clone() drawn=drawn hovered=hovered/>
                <HubMarks drawn=drawn hovered=hovered/>
                <NodeMarks network=network.clone() drawn=drawn hovered=hovered/>
                <NameLabels network=network.clone() drawn=drawn hovered=hovered/>
            </svg>
            <NodeDetails network=network drawn=drawn hovered=hovered/>
            <GraphLegend/>
        </div>
    }
}

/// What part of the drawing is visible, and the drag that is moving it.
#[derive(Clone, Copy)]
struct Viewport {
    /// The drawing's own size, the view box when nothing is zoomed or panned.
    frame: (f32, f32),
    /// The visible part.
    view_box: RwSignal<ViewBox>,
    /// Where a drag started on screen and the view box then.
    drag: StoredValue<Option<(f64, f64, ViewBox)>>,
    /// The SVG element, to convert screen pixels into drawing units.
    svg: NodeRef<leptos::svg::Svg>,
}

impl Viewport {
    /// The whole drawing of `frame`, nothing dragged.
    fn new(frame: (f32, f32)) -> Self {
        Self {
            frame,
            view_box: RwSignal::new((0.0, 0.0, frame.0, frame.1)),
            drag: StoredValue::new(None),
            svg: NodeRef::new(),
        }
    }

    /// The `viewBox` attribute (tracked).
    fn view_box_attr(self) -> String {
        let (x, y, w, h) = self.view_box.get();
        format!("{x:.1} {y:.1} {w:.1} {h:.1}")
    }

    /// Zooms by `factor` about the centre (below 1 zooms in).
    fn zoom(self, factor: f32) {
        self.view_box
            .update(|v| *v = zoom_box(*v, factor, self.frame));
    }

    /// Back to the whole drawing.
    fn reset(self) {
        self.view_box.set((0.0, 0.0, self.frame.0, self.frame.1));
    }

    /// Starts a drag at screen point `(x, y)`.
    fn grab(self, x: i32, y: i32) {
        let start = (f64::from(x), f64::from(y), self.view_box.get_untracked());
        self.drag.set_value(Some(start));
    }

    /// Follows a drag to screen point `(x, y)`; nothing when no drag is under way.
    fn drag_to(self, x: i32, y: i32) {
        if let Some((sx, sy, start)) = self.drag.get_value() {
            let drag = (f64::from(x) - sx, f64::from(y) - sy);
            self.view_box.set(pan_box(start, drag, self.units_per_px()));
        }
    }

    /// Ends a drag.
    fn release(self) {
        self.drag.set_value(None);
    }

    /// Drawing units per screen pixel, at the current zoom.
    fn units_per_px(self) -> f64 {
        let width = (self.svg.get())
            .map(|s| s.get_bounding_client_rect().width())
            .filter(|w| *w > 0.0)
            .unwrap_or(f64::from(self.frame.0));
        f64::from(self.view_box.get_untracked().2) / width
    }
}

/// Zoom in, zoom out and reset buttons.
#[component]
fn ZoomTools(
    /// The view the buttons change.
    viewport: Viewport,
) -> impl IntoView {
    let t = text();
    view! {
        <div class="graph-tools" role="group" aria-label=t.connections().zoom()>
            <button type="button" class="button small" on:click=move |_| viewport.zoom(0.8)
                aria-label=t.connections().zoom_in()>"+"</button>
            <button type="button" class="button small" on:click=move |_| viewport.zoom(1.25)
                aria-label=t.connections().zoom_out()>"−"</button>
            <button type="button" class="button small secondary"
                on:click=move |_| viewport.reset()>{t.connections().reset()}</button>
        </div>
    }
}

/// What the colours mean, and how to move around.
#[component]
fn GraphLegend() -> impl IntoView {
    let t = text();
    view! {
        <p class="graph-legend muted">
            <span class="legend">
                <span class="swatch edge-coauthor" aria-hidden="true"></span>
                {t.connections().legend_coauthor()}
            </span>
            <span class="legend">
                <span class="swatch edge-advisor" aria-hidden="true"></span>
                {t.connections().legend_advisor()}
            </span>
            <span class="legend">
                <span class="swatch edge-organization" aria-hidden="true"></span>
                {t.connections().legend_organization()}
            </span>
            {t.connections().legend_help()}
        </p>
    }
}
