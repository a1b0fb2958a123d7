//! Which pages `cargo xtask dist` writes as static HTML: every page of its own, each
//! organization's, and the profiles; a page left out opens through the app's `404.html`.

use super::route::{AppRoute, organization, profile};
use crate::search::{ConnectionsParams, ExpertParams, IdList, OrgParams, PubParams, SearchParams};

/// The routes to pre-render: the pages, each organization of `organizations`, and the profiles
/// of `people` (ids in the directory's order; the first `max` when capped). An id that cannot
/// be a folder name as it is (see [`folder_safe`]) is left to the app.
pub fn prerendered<'a>(
    organizations: impl Iterator<Item = &'a str>,
    people: impl Iterator<Item = &'a str>,
    max: Option<usize>,
) -> Vec<AppRoute> {
    let mut routes = vec![
        AppRoute::Directory(SearchParams::default()),
        AppRoute::Publications(PubParams::default()),
        AppRoute::Compare(IdList::default()),
        AppRoute::Connections(ConnectionsParams::default()),
        AppRoute::Shortlist(None),
        AppRoute::Organizations(OrgParams::default()),
        AppRoute::Experts(ExpertParams::default()),
    ];
    routes.extend(organizations.filter(|id| folder_safe(id)).map(organization));
    let people = people.filter(|id| folder_safe(id));
    routes.extend(people.take(max.unwrap_or(usize::MAX)).map(profile));
    routes
}

/// Whether `id` can be a folder name as it is (the URL's segment is then the same).
pub fn folder_safe(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_then_organizations_then_the_first_profiles() {
        let paths: Vec<String> = prerendered(
            ["edinburgh", "../up"].into_iter(),
            ["luo-mai", "tao-luo", "a b", "michael-luo"].into_iter(),
            Some(2),
        )
        .iter()
        .map(AppRoute::path)
        .collect();
        assert_eq!(
            paths,
            [
                "/",
                "/publications",
                "/compare",
                "/connections",
                "/shortlist",
                "/organizations",
                "/experts",
                "/organizations/edinburgh",
                "/researchers/luo-mai",
                "/researchers/tao-luo",
            ]
        );
    }
}
