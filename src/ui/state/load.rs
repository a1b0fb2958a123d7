//! A value on its way: fetched in the browser, ready at once when the pages are pre-rendered.
//!
//! In the browser a [`Load`] is a `LocalResource`. Natively (the pre-renderer) the fetch is run
//! once, to its first pause: the data is already in memory there, so every load the pages start
//! is ready when they render, and a load that would have to wait on the network stays pending
//! (the page renders its loading state).

use std::future::Future;

use leptos::prelude::*;

/// A load the views read like a resource: `None` while pending, then its value.
pub struct Load<T: 'static>(Inner<T>);

enum Inner<T: 'static> {
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Fetching(LocalResource<T>),
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Done(StoredValue<Option<T>, LocalStorage>),
}

impl<T: 'static> Clone for Load<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Load<T> {}

impl<T: 'static> Clone for Inner<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Inner<T> {}

impl<T: Clone + 'static> Load<T> {
    /// Starts loading with `fetcher` (again on [`Load::refetch`]).
    pub fn new<Fut>(fetcher: impl Fn() -> Fut + 'static) -> Self
    where
        Fut: Future<Output = T> + 'static,
    {
        #[cfg(target_arch = "wasm32")]
        return Self(Inner::Fetching(LocalResource::new(fetcher)));
        #[cfg(not(target_arch = "wasm32"))]
        Self(Inner::Done(StoredValue::new_local(run_now(fetcher()))))
    }

    /// The value once loaded (tracked in the browser).
    pub fn get(&self) -> Option<T> {
        match self.0 {
            Inner::Fetching(r) => r.get(),
            Inner::Done(v) => v.get_value(),
        }
    }

    /// Loads again (the Retry buttons).
    pub fn refetch(&self) {
        if let Inner::Fetching(r) = self.0 {
            r.refetch();
        }
    }

    /// The value, waiting for it (untracked): for a load that starts after another.
    pub async fn wait(self) -> T {
        match self.0 {
            Inner::Fetching(r) => {
                use leptos::reactive::computed::ScopedFuture;
                use std::future::IntoFuture;
                ScopedFuture::new_untracked(r.into_future()).await
            }
            Inner::Done(v) => match v.get_value() {
                Some(value) => value,
                None => std::future::pending().await,
            },
        }
    }
}

/// Polls `future` once: its value when it finishes without waiting, `None` when it would wait.
#[cfg(not(target_arch = "wasm32"))]
fn run_now<T>(future: impl Future<Output = T>) -> Option<T> {
    use std::task::{Context, Poll, Waker};
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_load_from_memory_is_ready_and_one_that_waits_stays_pending() {
        let owner = Owner::new();
        owner.with(|| {
            assert_eq!(Load::new(|| async { 7 }).get(), Some(7));
            assert_eq!(Load::new(std::future::pending::<u8>).get(), None);
        });
    }
}
