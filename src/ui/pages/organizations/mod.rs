//! `/organizations` and `/organizations/:id`: every organization with its people, ranked by the
//! papers credited to it, and one organization's page.
//!
//! Both read the organizations table ([`crate::search::organizations`]), loaded once for the
//! session ([`crate::ui::state::organizations`]), and the list's params from the route. The list
//! is [`list`] (search, [`ranking`] controls, [`filters`], rows from [`row`]); an organization's
//! page is [`org`], its people [`people`].

mod filters;
mod list;
mod org;
mod people;
mod ranking;
mod row;

use std::sync::Arc;

use leptos::prelude::*;

use crate::search::organizations::OrgTable;
use crate::site::route::AppRoute;
use crate::ui::browser::set_title;
use crate::ui::components::DataView;
use crate::ui::components::data_view::{LoadErrorView, LoadingView};
use crate::ui::lang::text;
use crate::ui::router::use_route;
use crate::ui::state::organizations::use_organizations;

/// The organizations list and its ranking.
#[component]
pub fn OrganizationsPage() -> impl IntoView {
    let t = text();
    set_title(Some(t.organizations().title()));
    view! {
        <div class="orgs-page" data-testid="organizations-page">
            <h1>{t.organizations().title()}</h1>
            <TableLoader children=|table| view! { <list::OrgList table=table/> }/>
        </div>
    }
}

/// One organization's page, or a way back for an unknown id.
#[component]
pub fn OrganizationPage() -> impl IntoView {
    let route = use_route().route;
    // The last id seen: on the way to another page the route is no longer this one.
    let id = Memo::new(move |last: Option<&String>| match route.get() {
        AppRoute::Organization { id, .. } => id,
        _ => last.cloned().unwrap_or_default(),
    });
    view! {
        <TableLoader children=move |table| {
            let id = id.get();
            match table.position(&id) {
                Some(org) => view! { <org::OrgView table=table org=org/> }.into_any(),
                None => view! { <org::NoSuchOrganization id=id/> }.into_any(),
            }
        }/>
    }
}

/// The directory, then the organizations table: loading, failed with Retry, or `children`.
#[component]
fn TableLoader<F, V>(
    /// Renders the page once the table has loaded.
    children: F,
) -> impl IntoView
where
    F: Fn(Arc<OrgTable>) -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let children = Arc::new(children);
    view! {
        <DataView children=move |atlas| {
            let resource = use_organizations(atlas);
            let children = children.clone();
            move || match resource.get() {
                None => view! { <LoadingView/> }.into_any(),
                Some(Err(e)) => view! {
                    <LoadErrorView error=e retry=Callback::new(move |_| resource.refetch())/>
                }
                .into_any(),
                Some(Ok(table)) => children(table).into_any(),
            }
        }/>
    }
}
