//! The form's fields, which every part of the form reads when a question is asked: the URL is
//! the question asked, the fields hold what is being written.

use leptos::html;
use leptos::prelude::*;

use crate::search::params::ExpertParams;
use crate::ui::state::experts::ExpertQuery;

/// The form's typed fields, read when it is submitted: the URL is the question asked, the
/// fields hold what is being written.
#[derive(Clone, Copy)]
pub struct ExpertForm {
    /// The question in the URL, and the way to ask another.
    pub query: ExpertQuery,
    /// The title and abstract.
    pub text: NodeRef<html::Textarea>,
    /// The other authors' names.
    pub names: NodeRef<html::Input>,
    /// The co-authorship window.
    pub years: NodeRef<html::Input>,
    /// The first year of papers.
    pub since: NodeRef<html::Input>,
}

impl ExpertForm {
    /// The fields of a form asking through `query`.
    pub fn new(query: ExpertQuery) -> Self {
        Self {
            query,
            text: NodeRef::new(),
            names: NodeRef::new(),
            years: NodeRef::new(),
            since: NodeRef::new(),
        }
    }

    /// Asks the question the fields hold, with `change` made to it.
    pub fn ask(&self, change: impl FnOnce(&mut ExpertParams)) {
        let value = |input: NodeRef<html::Input>| input.get_untracked().map(|i| i.value());
        let current = self.query.params.get_untracked();
        let mut next = current.typed(
            self.text.get_untracked().map(|t| t.value()).as_deref(),
            value(self.names).as_deref(),
            value(self.years).as_deref(),
            value(self.since).as_deref(),
        );
        change(&mut next);
        self.query.ask(next);
    }
}
