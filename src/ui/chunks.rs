//! The route table ([`page`]: each page of a [`PageKind`]) and the routes whose code loads
//! when first visited. Adding a page: its route in `site::route`, its page in `ui/pages/`, and
//! here one line in `pages!` (which chunk its code goes into).
//!
//! A release build (`cargo xtask dist`, feature `split`) splits the wasm at each [`chunk!`]: the
//! directory's code is the main module, and each other page's code is in a chunk (code that
//! chunks share, in files they all fetch). A chunk is fetched when its page is first shown, when
//! a link to it is approached, or (the profile's) once the directory is usable: the router
//! starts those fetches with the loaders [`prefetchers`] gives it. Meanwhile the
//! page shows a loading state (which the takeover of a pre-rendered page waits for); a failed
//! fetch shows an error with Retry. Every other build (`trunk serve`, the tests, the
//! pre-renderer) renders the pages directly: a wasm with split points that was never split
//! would not start.

use leptos::prelude::*;

#[cfg(feature = "split")]
use super::components::data_view::{LoadFailed, Loading};
use super::pages::{DirectoryPage, NotFoundPage};
use super::router::prefetch::Prefetchers;
#[cfg(feature = "split")]
use crate::site::route::AppRoute;
use crate::site::route::PageKind;

/// `chunk!(mod module: Route, Page, in name)`: `Route` is the route's view. With `split`, it
/// loads the chunk `name` (its split point in `module`) and then renders `Page`; otherwise it is
/// `Page` itself.
macro_rules! chunk {
    (mod $module:ident: $route:ident, $page:ident, in $chunk:ident) => {
        #[cfg(not(feature = "split"))]
        pub use super::pages::$page as $route;

        #[cfg(feature = "split")]
        mod $module {
            use leptos::prelude::*;

            /// The page's view, built by the chunk's code (named after the route: the split
            /// step tells split points apart by name and place). `load` fetches the chunk.
            #[allow(non_snake_case)]
            #[::wasm_split_helpers::wasm_split($chunk, fallible, preload(load))]
            pub(super) fn $route() -> Result<AnyView, ::wasm_split_helpers::SplitLoaderError> {
                use super::super::pages::$page;
                Ok(view! { <$page/> }.into_any())
            }
        }

        #[cfg(feature = "split")]
        /// Loads the route's chunk, then renders its page.
        #[component]
        pub fn $route() -> impl IntoView {
            view! {
                <Chunk
                    load=|| Box::pin($module::load())
                    render=|| ::futures::FutureExt::now_or_never($module::$route())
                />
            }
        }
    };
}

/// `pages! { main: Kind => Page, …; chunks: Kind => mod module: Route, Page, in chunk; … }`:
/// the route table. Pages under `main` are in the main module; each under `chunks` gets its
/// [`chunk!`] and its arm in [`page`] and [`prefetch`], from its one line.
macro_rules! pages {
    (
        main: $($main_kind:ident => $main_page:ident),+;
        chunks: $($kind:ident => mod $module:ident: $route:ident, $page:ident, in $chunk:ident;)+
    ) => {
        $(chunk!(mod $module: $route, $page, in $chunk);)+

        /// The page of `kind`: the pages of `main` are in the main module, every other page is
        /// the route of its chunk.
        pub fn page(kind: PageKind) -> AnyView {
            match kind {
                $(PageKind::$main_kind => view! { <$main_page/> }.into_any(),)+
                $(PageKind::$kind => view! { <$route/> }.into_any(),)+
            }
        }

        /// Starts fetching the chunk of `route`'s page, if it has one and it is not in yet: a
        /// link pointed at or focused is likely followed next.
        #[cfg(feature = "split")]
        fn prefetch(route: &AppRoute) {
            let load: fn() -> Loading = match route.kind() {
                $(PageKind::$kind => || Box::pin($module::load()),)+
                $(PageKind::$main_kind)|+ => return,
            };
            // A failure is not kept: the page's own load tries again, and shows it.
            leptos::task::spawn_local(async move {
                let _ = load().await;
            });
        }
    };
}

// Four chunks, not one per route: code that several chunks use goes into a chunk of its own for
// each combination of them, and seven chunks made 60 files, 41 fetched for a profile. Routes
// that share the most share a chunk; a profile, the page most often opened from a link, has its
// own; lists of publications (all of them, an organization's) share one, the people the reader
// picks (compare, shortlist, experts for a paper) one, and the network of people and
// organizations one. (A fifth chunk for the experts page took the directory's first load from 9
// files to 15.)
pages! {
    main: Directory => DirectoryPage, NotFound => NotFoundPage;
    chunks:
        Profile => mod profile_route: ProfileRoute, ProfilePage, in profile;
        Publications => mod publications_route: PublicationsRoute, PublicationsPage, in lists;
        Organization => mod organization_route: OrganizationRoute, OrganizationPage, in lists;
        Compare => mod compare_route: CompareRoute, ComparePage, in picks;
        Shortlist => mod shortlist_route: ShortlistRoute, ShortlistPage, in picks;
        Connections => mod connections_route: ConnectionsRoute, ConnectionsPage, in network;
        Organizations => mod organizations_route: OrganizationsRoute, OrganizationsPage, in network;
        Experts => mod experts_route: ExpertsRoute, ExpertsPage, in picks;
}

/// The chunks' loaders, for the router to fetch a page's code before it is shown.
#[cfg(feature = "split")]
pub fn prefetchers() -> Option<Prefetchers> {
    Some(Prefetchers {
        route: prefetch,
        profile: prefetch_profile,
    })
}

/// Without `split` every page's code is in the one wasm: nothing to prefetch.
#[cfg(not(feature = "split"))]
pub fn prefetchers() -> Option<Prefetchers> {
    None
}

/// Fetches the profile's chunk in a task of its own, after the current one (the directory's
/// render, which asks for it): nothing is fetched before the directory is usable, and the click
/// on a card then finds the profile's code in.
#[cfg(feature = "split")]
fn prefetch_profile() {
    set_timeout(
        || {
            leptos::task::spawn_local(async {
                let _ = profile_route::load().await;
            });
        },
        std::time::Duration::ZERO,
    );
}

/// A chunk's load: resolves once its code is in (or failed to arrive).
#[cfg(feature = "split")]
type Loading = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<(), wasm_split_helpers::SplitLoaderError>>>,
>;

/// Where a chunk's load stands.
#[cfg(feature = "split")]
#[derive(Clone, Copy, PartialEq)]
enum ChunkState {
    Loading,
    Failed,
    Loaded,
}

/// Fetches a chunk (`load`), then shows what `render` builds with it. `render` runs only after
/// the load succeeded, when its own await of the chunk is ready at once.
#[cfg(feature = "split")]
#[component]
fn Chunk(
    load: fn() -> Loading,
    render: fn() -> Option<Result<AnyView, wasm_split_helpers::SplitLoaderError>>,
) -> impl IntoView {
    let state = RwSignal::new(ChunkState::Loading);
    let start = move || {
        state.set(ChunkState::Loading);
        leptos::task::spawn_local(async move {
            let done = match load().await {
                Ok(()) => ChunkState::Loaded,
                Err(_) => {
                    // Gone after a redeploy? The update notice then says so.
                    crate::ui::state::generation::explain_missing().await;
                    ChunkState::Failed
                }
            };
            // The page renders in a task of its own, not in the one that instantiated the chunk:
            // two shorter tasks block the page less than one long one. The page may be gone by
            // then (navigated away): nobody reads the state.
            set_timeout(
                move || {
                    let _ = state.try_set(done);
                },
                std::time::Duration::ZERO,
            );
        });
    };
    start();
    move || match state.get() {
        ChunkState::Loading => view! { <ChunkLoading/> }.into_any(),
        ChunkState::Loaded => match render() {
            Some(Ok(page)) => page,
            Some(Err(_)) | None => view! { <ChunkFailed retry=start/> }.into_any(),
        },
        ChunkState::Failed => view! { <ChunkFailed retry=start/> }.into_any(),
    }
}

/// Shown while a page's code arrives (its class keeps a pre-rendered page on screen meanwhile).
#[cfg(feature = "split")]
#[component]
fn ChunkLoading() -> impl IntoView {
    view! { <Loading text="Loading this page…"/> }
}

/// A page whose code did not arrive, with Retry.
#[cfg(feature = "split")]
#[component]
fn ChunkFailed(retry: impl Fn() + Copy + Send + Sync + 'static) -> impl IntoView {
    view! {
        <LoadFailed
            heading="This page could not be loaded"
            detail="Its part of the app did not arrive: the connection may be down, or the site \
                    was updated meanwhile (reload the page then)."
            retry=Callback::new(move |_| retry())
        />
    }
}
