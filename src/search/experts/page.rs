//! What the experts page asks and shows, as plain Rust: the question its URL state makes
//! ([`question`]), the experts it lists ([`Shown`]: the best [`SHOWN`], without those with a
//! conflict when asked to hide them), the sentence that counts them, how it ranks in words
//! ([`HOW_IT_RANKS`]), a conflict's badge text, the match in percent, and the words of a
//! title to mark (and those it does not hold).

use super::{Answer, Author, Conflict, Expert, ExpertQuery, Rule, batch, terms};
use crate::search::params::ExpertParams;

/// How many experts the page lists at most.
pub const SHOWN: usize = 20;

/// How the page ranks, in one paragraph (the module docs of [`super`] say the same).
pub const HOW_IT_RANKS: &str = "Paste a paper's title and abstract: its words are cut to \
    their stems (learning, learned → learn), and every paper of the directory's researchers — \
    its title, abstract, venue and topics — is scored by how much it shares with the text, \
    rare words weighing most (the tf-idf cosine, from 0 to 1, the same scale for every paper \
    you ask about; in a long text of common words, only its rarest that fit in 60,000 papers \
    are matched). Each researcher's score is the root mean square of their twenty \
    best-matching papers (a missing one counts nothing, so several matching papers beat one, \
    and a strong match most). Conflicts come from the data only, by rule: the paper's own \
    authors, co-authors within the chosen window, advisors and advisees, the same \
    organization now, and an organization at the same time — “possibly” where the data does \
    not give the years.";

/// The many-papers mode in one paragraph: what it reads, what it writes, and that the file
/// stays in the browser.
pub const MANY_PAPERS: &str = "Score a whole conference at once: give a submissions file — \
    OpenReview's submissions.json, a JSON list, JSON lines, or CSV with id, title and abstract \
    columns (and optionally authors and authorids, separated by ;). Each paper is ranked as one \
    paper is, and the affinity CSV lists its reviewers with their scores and conflicts, as the \
    command cargo xtask experts writes it for an assignment solver.";

/// That the file stays on the reader's machine, in one sentence.
pub const STAYS_HERE: &str =
    "The file is read and scored in this browser: nothing of it leaves your machine.";

/// How many submissions a page of the many-papers table shows.
pub const TABLE_PAGE: usize = 50;

/// The rows of page `page` (from 0) of a table of `rows` with [`TABLE_PAGE`] a page, the page
/// moved into range, and how many pages there are (at least 1).
pub fn table_page(rows: usize, page: usize) -> (std::ops::Range<usize>, usize, usize) {
    let pages = rows.div_ceil(TABLE_PAGE).max(1);
    let page = page.min(pages - 1);
    let start = page * TABLE_PAGE;
    (start..(start + TABLE_PAGE).min(rows), page, pages)
}

/// The question `params` ask in `this_year`, of the submission's `authors` (found by
/// [`super::authors_of`]): enough experts that hiding the conflicted still leaves [`SHOWN`]
/// when there are.
pub fn question(authors: Vec<Author>, params: &ExpertParams, this_year: u16) -> ExpertQuery {
    ExpertQuery {
        text: params.text.clone(),
        authors,
        conflict_years: params.years,
        since: params.since,
        stages: params.stages.clone(),
        this_year,
        limit: if params.hide_conflicted {
            SHOWN * 3
        } else {
            SHOWN
        },
    }
}

/// The options the many-papers mode scores a file with: the best `per_paper` (or every
/// researcher), the URL's co-authorship window, `this_year` — as `cargo xtask experts --top K
/// --conflict-years N` asks.
pub fn batch_options(params: &ExpertParams, this_year: u16) -> batch::Options {
    batch::Options {
        top: params.per_paper,
        conflict_years: params.years,
        this_year,
    }
}

/// The experts the page lists and how many with a conflict it leaves out.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown<'a> {
    /// The experts listed, best first.
    pub experts: Vec<&'a Expert>,
    /// How many of the best were left out for a conflict.
    pub hidden: usize,
}

impl<'a> Shown<'a> {
    /// The first [`SHOWN`] of `answer`, without those with a conflict when `hide` is set.
    pub fn of(answer: &'a Answer, hide: bool) -> Self {
        let mut experts = Vec::new();
        let mut hidden = 0;
        for e in &answer.experts {
            if experts.len() == SHOWN {
                break;
            }
            if hide && !e.conflicts.is_empty() {
                hidden += 1;
            } else {
                experts.push(e);
            }
        }
        Self { experts, hidden }
    }

    /// "3 researchers match", "1 researcher matches, 2 with a conflict hidden".
    pub fn sentence(&self) -> String {
        let n = self.experts.len();
        let mut out = match n {
            0 => "No researcher matches".to_owned(),
            1 => "1 researcher matches".to_owned(),
            n => format!("{n} researchers match"),
        };
        if self.hidden > 0 {
            out.push_str(&format!(", {} with a conflict hidden", self.hidden));
        }
        out.push('.');
        out
    }
}

/// A conflict badge's words, its kind and its reason: ("Conflict", "co-authored …"),
/// ("Possible conflict", "possibly at …"), ("Conflict", "an author of this paper").
pub fn badge(c: &Conflict) -> (&'static str, String) {
    let kind = if c.certain {
        "Conflict"
    } else {
        "Possible conflict"
    };
    let reason = match c.rule {
        Rule::Author => "an author of this paper".to_owned(),
        _ => c.reason.to_string(),
    };
    (kind, reason)
}

/// The expert's score as a share of the best match's, in percent (0 to 100).
pub fn percent(e: &Expert) -> u32 {
    (e.share.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// Byte ranges of the words of `text` whose term is one of `words`' (a title's matching
/// words, to mark: `Learning` for the query's `learned`).
pub fn marks(text: &str, words: &[String]) -> Vec<(usize, usize)> {
    let wanted: Vec<String> = words.iter().flat_map(|w| terms::terms(w)).collect();
    crate::search::text::tokenize(text)
        .into_iter()
        .filter(|t| {
            terms::terms(&text[t.start..t.end])
                .iter()
                .any(|term| wanted.contains(term))
        })
        .map(|t| (t.start, t.end))
        .collect()
}

/// The words of `words` whose term `text` does not hold: a paper's matches in its abstract,
/// venue or topics, which its title cannot show marked.
pub fn unmarked<'a>(text: &str, words: &'a [String]) -> Vec<&'a str> {
    let held = terms::terms(text);
    (words.iter())
        .filter(|w| !terms::terms(w).iter().all(|t| held.contains(t)))
        .map(String::as_str)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::experts::{Conflict, Level, Reason};

    fn expert(id: &str, conflicts: usize) -> Expert {
        Expert {
            researcher: id.into(),
            score: 1.0,
            share: 0.823,
            level: Level::Strong,
            papers: Vec::new(),
            topics: Vec::new(),
            conflicts: (0..conflicts)
                .map(|_| Conflict {
                    rule: Rule::Author,
                    author: "A".into(),
                    reason: Reason::Author,
                    certain: true,
                })
                .collect(),
        }
    }

    #[test]
    fn hiding_leaves_out_the_conflicted_and_says_how_many() {
        let answer = Answer {
            experts: vec![expert("a", 1), expert("b", 0), expert("c", 2)],
            ..Answer::default()
        };
        let all = Shown::of(&answer, false);
        assert_eq!(all.experts.len(), 3);
        assert_eq!(all.sentence(), "3 researchers match.");
        let kept = Shown::of(&answer, true);
        assert_eq!(kept.experts[0].researcher.as_str(), "b");
        assert_eq!(
            kept.sentence(),
            "1 researcher matches, 2 with a conflict hidden."
        );
        assert_eq!(
            Shown::of(&Answer::default(), true).sentence(),
            "No researcher matches."
        );
    }

    #[test]
    fn badges_shares_and_marks_in_words() {
        let e = expert("a", 1);
        assert_eq!(
            badge(&e.conflicts[0]),
            ("Conflict", "an author of this paper".to_owned())
        );
        let possibly = Conflict {
            rule: Rule::Organization,
            author: "A".into(),
            reason: Reason::PossiblyOrganization {
                organization: "X".into(),
                name: "A".into(),
            },
            certain: false,
        };
        assert_eq!(badge(&possibly).0, "Possible conflict");
        assert_eq!(percent(&e), 82);
        let title = "ServerlessLLM: Locality-Enhanced Serverless Inference for LLMs";
        let marked = marks(
            title,
            &["serverless".into(), "inferences".into(), "llm".into()],
        );
        let words: Vec<&str> = marked.iter().map(|&(s, e)| &title[s..e]).collect();
        assert_eq!(words, ["Serverless", "Inference", "LLMs"]);
        let words = ["serverless".to_owned(), "checkpoint".to_owned()];
        assert_eq!(unmarked(title, &words), ["checkpoint"]);
    }

    #[test]
    fn the_table_s_pages_are_in_range() {
        assert_eq!(table_page(0, 0), (0..0, 0, 1));
        assert_eq!(table_page(500, 0), (0..50, 0, 10));
        assert_eq!(table_page(500, 9), (450..500, 9, 10));
        assert_eq!(table_page(501, 10), (500..501, 10, 11));
        // A page past the end is the last (a shorter file scored after a longer one).
        assert_eq!(table_page(120, 7), (100..120, 2, 3));
    }

    #[test]
    fn the_many_papers_options_are_the_command_s() {
        let p = ExpertParams {
            years: 5,
            per_paper: Some(10),
            ..ExpertParams::default()
        };
        assert_eq!(
            batch_options(&p, 2026),
            batch::Options {
                top: Some(10),
                conflict_years: 5,
                this_year: 2026
            }
        );
        let every = batch_options(&ExpertParams::default(), 2026);
        assert_eq!((every.top, every.conflict_years), (None, 3));
    }

    #[test]
    fn the_question_is_the_url_state_with_its_authors_found() {
        let d = crate::model::bundled::loaded().dataset;
        let p = ExpertParams {
            text: "serverless".into(),
            authors: vec!["luo-mai".into()],
            names: vec!["Someone Else".into()],
            hide_conflicted: true,
            ..ExpertParams::default()
        };
        let ids: Vec<crate::model::ResearcherId> =
            p.authors.iter().map(|a| a.as_str().into()).collect();
        let q = question(
            crate::search::experts::authors_of(&d, &ids, &p.names),
            &p,
            2026,
        );
        assert_eq!(q.authors.len(), 2);
        assert_eq!(q.authors[1], Author::Named("Someone Else".into()));
        assert_eq!(q.conflict_years, 3);
        assert_eq!(q.limit, SHOWN * 3);
    }
}
