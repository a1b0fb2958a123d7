//! A publication list's state (on `/publications` and on profiles): its params, read from the
//! current route, and the one way to change them, written back through the route.

use leptos::prelude::*;

use crate::search::PubParams;
use crate::ui::router::{History, RouteContext, use_route};

/// The publication list's params and how to change them.
#[derive(Clone, Copy)]
pub struct PubListContext {
    /// The list's params in the URL (a list drops venue ids it does not know when it lists).
    pub params: Memo<PubParams>,
    route: RouteContext,
}

impl PubListContext {
    /// Writes the list's `params` into the current route (a profile keeps its directory params).
    pub fn set(&self, params: PubParams, history: History) {
        let next = self.route.route.with_untracked(|r| r.with_list(params));
        self.route.go(&next, history);
    }

    /// Changes the params with `change` and pushes the result as a new history entry. A
    /// change of anything but the page goes back to the first page.
    pub fn update(&self, change: impl FnOnce(&mut PubParams)) {
        let mut p = self.params.get_untracked();
        let page = p.page;
        change(&mut p);
        if p.page == page {
            p.page = 0;
        }
        self.set(p, History::Push);
    }

    /// Sets the filter text while the user types (a burst is one history entry), from the
    /// first page.
    pub fn type_query(&self, text: String) {
        let mut p = self.params.get_untracked();
        p.query = text;
        p.page = 0;
        self.set(p, History::Typing);
    }
}

/// Creates the list state; called once by the app shell, inside the router.
pub fn provide_pub_list() {
    let route = use_route();
    let params = Memo::new(move |_| {
        route
            .route
            .with(|r| r.list_params().cloned().unwrap_or_default())
    });
    provide_context(PubListContext { params, route });
}

/// The publication list's state; provided by the app shell through [`provide_pub_list`].
pub fn use_pub_list() -> PubListContext {
    expect_context::<PubListContext>()
}
