//! The experts page's URL state, as [`ExpertParams`]: the text (`q`), the submission's authors
//! from the directory (`authors`) and by name (`names`), the co-authorship window (`years`),
//! recent papers only (`since`), the career stages (`stage`) and whether conflicted people are
//! hidden (`hide`); and the page's mode (`mode=many`: a whole file of submissions at once) with
//! its reviewers per paper (`per`).

use super::{items, stage_from_key};
use crate::model::{CareerStage, Publication};

/// The co-authorship window when the URL says none: three years, as conferences commonly ask.
pub const DEFAULT_YEARS: u16 = 3;

/// How many reviewers per paper the many-papers mode can write (`per`); none: every researcher.
pub const PER_PAPER: [usize; 3] = [5, 10, 20];

/// The page's mode: one paper's question (the default), or a file of many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// One paper, asked in the form (no `mode` in the URL).
    #[default]
    One,
    /// A submissions file, every paper scored at once (`mode=many`).
    Many,
}

impl Mode {
    /// The mode's value in the URL; `None` for the default.
    pub fn key(self) -> Option<&'static str> {
        match self {
            Mode::One => None,
            Mode::Many => Some("many"),
        }
    }
}

/// What `/experts` asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpertParams {
    /// The title and abstract, or any text (`q`).
    pub text: String,
    /// Authors in the directory, by id, in the user's order (`authors=a,b`).
    pub authors: Vec<String>,
    /// Authors typed as names, one per `names` value separated by `;` (names hold commas).
    pub names: Vec<String>,
    /// Years of co-authorship that make a conflict (`years`, 0 to 20).
    pub years: u16,
    /// Only papers from this year on (`since`).
    pub since: Option<u16>,
    /// Career stages to include (`stage=faculty,postdoc`; empty: all).
    pub stages: Vec<CareerStage>,
    /// Hide conflicted people (`hide=1`).
    pub hide_conflicted: bool,
    /// One paper or many (`mode=many`).
    pub mode: Mode,
    /// In the many-papers mode, the best this many reviewers per paper (`per`, one of
    /// [`PER_PAPER`]); `None`: every researcher.
    pub per_paper: Option<usize>,
}

impl Default for ExpertParams {
    fn default() -> Self {
        Self {
            text: String::new(),
            authors: Vec::new(),
            names: Vec::new(),
            years: DEFAULT_YEARS,
            since: None,
            stages: Vec::new(),
            hide_conflicted: false,
            mode: Mode::One,
            per_paper: None,
        }
    }
}

impl ExpertParams {
    /// Parses percent-decoded query pairs. Never fails: unknown keys, malformed numbers and
    /// unknown stages are ignored; a repeated key keeps its last value.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut p = Self::default();
        for (key, value) in pairs {
            match key {
                "q" => p.text = value.to_owned(),
                "authors" => {
                    p.authors.clear();
                    for id in items(value) {
                        if !p.authors.iter().any(|a| a == id) {
                            p.authors.push(id.to_owned());
                        }
                    }
                }
                "names" => {
                    p.names = (value.split(';'))
                        .map(str::trim)
                        .filter(|n| !n.is_empty())
                        .map(str::to_owned)
                        .collect();
                }
                "years" => {
                    if let Ok(y) = value.parse::<u16>()
                        && y <= 20
                    {
                        p.years = y;
                    }
                }
                "since" => {
                    p.since = value
                        .parse::<u16>()
                        .ok()
                        .filter(|y| (1900..3000).contains(y))
                }
                "stage" => {
                    p.stages = CareerStage::ALL
                        .into_iter()
                        .filter(|s| items(value).filter_map(stage_from_key).any(|x| x == *s))
                        .collect();
                }
                "hide" => p.hide_conflicted = value == "1",
                "mode" => {
                    p.mode = if value == "many" {
                        Mode::Many
                    } else {
                        Mode::One
                    }
                }
                "per" => {
                    p.per_paper = value.parse().ok().filter(|n| PER_PAPER.contains(n));
                }
                _ => {}
            }
        }
        p
    }

    /// The canonical pairs, in the order `mode`, `q`, `authors`, `names`, `years`, `since`,
    /// `stage`, `hide`, `per`, defaults left out; stages in [`CareerStage::ALL`] order.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(mode) = self.mode.key() {
            out.push(("mode", mode.to_owned()));
        }
        if !self.text.trim().is_empty() {
            out.push(("q", self.text.clone()));
        }
        if !self.authors.is_empty() {
            out.push(("authors", self.authors.join(",")));
        }
        if !self.names.is_empty() {
            out.push(("names", self.names.join("; ")));
        }
        if self.years != DEFAULT_YEARS {
            out.push(("years", self.years.to_string()));
        }
        if let Some(s) = self.since {
            out.push(("since", s.to_string()));
        }
        if !self.stages.is_empty() {
            let keys: Vec<&str> = self.stages.iter().map(|s| s.key()).collect();
            out.push(("stage", keys.join(",")));
        }
        if self.hide_conflicted {
            out.push(("hide", "1".into()));
        }
        if let Some(n) = self.per_paper {
            out.push(("per", n.to_string()));
        }
        out
    }

    /// These params in `mode`, the rest kept (the other mode's state comes back with it).
    pub fn in_mode(&self, mode: Mode) -> Self {
        Self {
            mode,
            ..self.clone()
        }
    }

    /// These params with the form's typed fields (`None`: the field is not there), each read as
    /// the URL's value is: a number that cannot be read leaves the default.
    pub fn typed(
        &self,
        text: Option<&str>,
        names: Option<&str>,
        years: Option<&str>,
        since: Option<&str>,
    ) -> Self {
        let fields = [
            ("q", text),
            ("names", names),
            ("years", years),
            ("since", since),
        ];
        let read = Self::from_pairs(fields.iter().filter_map(|(k, v)| Some((*k, (*v)?))));
        Self {
            text: if text.is_some() {
                read.text
            } else {
                self.text.clone()
            },
            names: if names.is_some() {
                read.names
            } else {
                self.names.clone()
            },
            years: if years.is_some() {
                read.years
            } else {
                self.years
            },
            since: if since.is_some() {
                read.since
            } else {
                self.since
            },
            ..self.clone()
        }
    }

    /// "Who could review this paper?": its title and abstract as the text, its directory
    /// authors by id and its other authors by name.
    pub fn for_paper(paper: &Publication) -> Self {
        let mut text = paper.title.clone();
        if let Some(summary) = paper
            .abstract_text
            .as_deref()
            .filter(|s| !s.trim().is_empty())
        {
            text.push_str("\n\n");
            text.push_str(summary.trim());
        }
        let mut authors: Vec<String> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for a in &paper.authors {
            match &a.researcher {
                Some(id) if !authors.contains(&id.0) => authors.push(id.0.clone()),
                Some(_) => {}
                // `;` separates the names in the URL.
                None => {
                    let name = a.name.replace(';', " ");
                    names.push(name.split_whitespace().collect::<Vec<_>>().join(" "));
                }
            }
        }
        names.retain(|n| !n.is_empty());
        Self {
            text,
            authors,
            names,
            ..Self::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Author;
    use crate::search::encode_query;

    #[test]
    fn the_question_round_trips_through_the_url() {
        let p = ExpertParams {
            text: "Serverless inference & LLMs".into(),
            authors: vec!["luo-mai".into()],
            names: vec!["Smith, J.".into(), "Zoë Outsider".into()],
            years: 5,
            since: Some(2020),
            stages: vec![CareerStage::Postdoc, CareerStage::Faculty],
            hide_conflicted: true,
            mode: Mode::Many,
            per_paper: Some(10),
        };
        let pairs = p.to_pairs();
        assert_eq!(
            pairs.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            [
                "mode", "q", "authors", "names", "years", "since", "stage", "hide", "per"
            ]
        );
        let borrowed: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let back = ExpertParams::from_pairs(borrowed);
        assert_eq!(back.stages, [CareerStage::Postdoc, CareerStage::Faculty]);
        assert_eq!(
            back,
            ExpertParams {
                stages: back.stages.clone(),
                ..p
            }
        );
        assert_eq!(encode_query(&ExpertParams::default().to_pairs()), "");
    }

    #[test]
    fn the_mode_and_the_reviewers_per_paper_are_in_the_url() {
        let pairs = |p: &ExpertParams| encode_query(&p.to_pairs());
        let many = ExpertParams::from_pairs([("mode", "many")]);
        assert_eq!((many.mode, many.per_paper), (Mode::Many, None));
        assert_eq!(pairs(&many), "?mode=many");
        // One paper is the default, and unknown modes are it.
        for value in ["one", "MANY", ""] {
            assert_eq!(ExpertParams::from_pairs([("mode", value)]).mode, Mode::One);
        }
        assert_eq!(pairs(&many.in_mode(Mode::One)), "");
        // Only the select's choices; anything else is every researcher.
        for (value, want) in [
            ("5", Some(5)),
            ("20", Some(20)),
            ("7", None),
            ("0", None),
            ("all", None),
        ] {
            let p = ExpertParams::from_pairs([("mode", "many"), ("per", value)]);
            assert_eq!(p.per_paper, want, "per={value}");
        }
        let p = ExpertParams {
            per_paper: Some(5),
            years: 4,
            ..many.clone()
        };
        assert_eq!(pairs(&p), "?mode=many&years=4&per=5");
        // Switching modes keeps the other mode's state.
        let one = p.in_mode(Mode::One);
        assert_eq!(one.in_mode(Mode::Many), p);
    }

    #[test]
    fn parsing_is_lenient() {
        let p = ExpertParams::from_pairs([
            ("years", "99"),
            ("since", "soon"),
            ("stage", "wizard,phd_student"),
            ("authors", "a,,a,b"),
            ("names", " ; ;x"),
            ("hide", "yes"),
            ("zzz", "1"),
        ]);
        assert_eq!(p.years, DEFAULT_YEARS);
        assert_eq!(p.since, None);
        assert_eq!(p.stages, [CareerStage::PhdStudent]);
        assert_eq!(p.authors, ["a", "b"]);
        assert_eq!(p.names, ["x"]);
        assert!(!p.hide_conflicted);
    }

    #[test]
    fn the_form_s_fields_are_read_as_the_url_s_values() {
        let asked = ExpertParams {
            text: "old".into(),
            authors: vec!["a".into()],
            hide_conflicted: true,
            ..ExpertParams::default()
        };
        let next = asked.typed(Some("new text"), Some("X; Y ;"), Some("7"), Some(""));
        assert_eq!(next.text, "new text");
        assert_eq!(next.names, ["X", "Y"]);
        assert_eq!((next.years, next.since), (7, None));
        assert_eq!(
            (next.authors, next.hide_conflicted),
            (asked.authors.clone(), true)
        );
        let odd = asked.typed(None, None, Some("lots"), Some("2020"));
        assert_eq!(
            (odd.text.as_str(), odd.years, odd.since),
            ("old", DEFAULT_YEARS, Some(2020))
        );
    }

    #[test]
    fn a_paper_asks_for_reviewers_of_its_text_with_its_authors() {
        let mut paper = Publication::new(
            "p",
            "Serverless LLMs",
            vec![
                Author::member("Luo Mai", "luo-mai"),
                Author::new("Yao; Fu"),
                Author::member("L. Mai", "luo-mai"),
            ],
            crate::model::PublicationType::Conference,
            2024,
        );
        let p = ExpertParams::for_paper(&paper);
        assert_eq!(p.text, "Serverless LLMs");
        assert_eq!(p.authors, ["luo-mai"]);
        assert_eq!(p.names, ["Yao Fu"]);
        paper.abstract_text = Some(" We load checkpoints. ".into());
        let p = ExpertParams::for_paper(&paper);
        assert_eq!(p.text, "Serverless LLMs\n\nWe load checkpoints.");
        let pairs = p.to_pairs();
        let borrowed: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(ExpertParams::from_pairs(borrowed), p);
    }
}
