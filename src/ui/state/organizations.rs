//! The organizations pages' state: the table, loaded once when a page first needs it and kept
//! for the session, and the list's params, read from the route and written back through it.

use std::sync::Arc;

use leptos::prelude::*;

use super::data::{Atlas, DataError, Load, fetch_organizations};
use crate::search::OrgParams;
use crate::search::organizations::OrgTable;
use crate::ui::router::{History, RouteContext, use_route};

/// A load of the organizations table.
pub type OrgsResult = Result<Arc<OrgTable>, DataError>;

/// The organizations table's load, started by the first page that asks for it.
#[derive(Clone, Copy)]
pub struct OrgsContext {
    /// The app's owner: the load belongs to it, so it outlives the page that started it.
    owner: StoredValue<Owner, LocalStorage>,
    resource: StoredValue<Option<Load<OrgsResult>>, LocalStorage>,
}

/// Makes the table loadable; called once, by `App`.
pub fn provide_organizations() {
    let owner = Owner::current().expect("provide_organizations runs inside the app");
    provide_context(OrgsContext {
        owner: StoredValue::new_local(owner),
        resource: StoredValue::new_local(None),
    });
}

/// The table's load: started on the first call (fetching `data/organizations.bin`, or building
/// it from the whole dataset), the same load afterwards. Provided by `App` through
/// [`provide_organizations`].
pub fn use_organizations(atlas: Arc<Atlas>) -> Load<OrgsResult> {
    let ctx = expect_context::<OrgsContext>();
    if let Some(resource) = ctx.resource.get_value() {
        return resource;
    }
    let resource = ctx
        .owner
        .with_value(|owner| owner.with(|| Load::new(move || fetch_organizations(atlas.clone()))));
    ctx.resource.set_value(Some(resource));
    resource
}

/// The organizations params in the URL and the one way to change them.
#[derive(Clone, Copy)]
pub struct OrgQuery {
    /// The params of the current route (kept while the route is another page's, on the way out).
    pub params: Memo<OrgParams>,
    route: RouteContext,
}

impl OrgQuery {
    /// Writes `params` into the current route (an organization's page keeps its id).
    pub fn set(&self, params: OrgParams, history: History) {
        let next = self.route.route.with_untracked(|r| r.with_orgs(params));
        self.route.go(&next, history);
    }

    /// Changes the params with `change` and pushes the result as a new history entry.
    pub fn update(&self, change: impl FnOnce(&mut OrgParams)) {
        let mut p = self.params.get_untracked();
        change(&mut p);
        self.set(p, History::Push);
    }

    /// Sets the list's text while the user types (a burst is one history entry).
    pub fn type_query(&self, text: String) {
        let mut p = self.params.get_untracked();
        p.query = text;
        self.set(p, History::Typing);
    }
}

/// The organizations params of the current route, for a page of the organizations.
pub fn use_org_query() -> OrgQuery {
    let route = use_route();
    let params = Memo::new(move |last: Option<&OrgParams>| {
        (route.route)
            .with(|r| r.org_params().cloned())
            .or_else(|| last.cloned())
            .unwrap_or_default()
    });
    OrgQuery { params, route }
}
