//! The reviewer-assignment gold standard (Stelmakh, Wieting, Xi, Neubig and Shah, "A Gold
//! Standard Dataset for the Reviewer Assignment Problem", TMLR 2025; issue 49): how well the
//! experts ranking orders papers for 58 researchers who rated their own expertise for them.
//! Read at run time from [`FOLDER`], beside the workspace, when it is there: its licence keeps
//! it out of the repository, so nothing of it (titles, abstracts, ids, ratings) is copied into
//! code, fixtures or results — only the figures.
//!
//! Each of the ten datasets (`data/d_20_1` … `d_20_10`: the same participants, submissions and
//! ratings, 20 of each participant's papers sampled differently) becomes a directory in memory:
//! each participant a researcher, each paper of their archive a publication with its title and
//! abstract (a paper in several archives one publication with several authors; the data has
//! no venue, topics or year, and the ranking reads no type). The submissions are then scored
//! as `cargo xtask experts` scores them ([`batch`]: each read as the command reads the file,
//! its title and abstract a question to the page's own ranking listing every participant, one
//! it does not list scoring 0). [`score`] is the benchmark's `evaluate.py`, ported.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Deserialize;
use serde_json::{Value, json};

use research_atlas::model::{
    Author, CareerStage, Dataset, Publication, PublicationType, Researcher,
};
use research_atlas::search::experts::{Corpus, batch};

use crate::error::Error;
use crate::runner::Run;

/// Where the gold standard is, relative to the workspace root.
pub(crate) const FOLDER: &str = "../shared/gold";
/// How many datasets it has: `data/d_20_1` to `data/d_20_10`.
const DATASETS: usize = 10;
/// The best loss its authors published (SPECTER2 + SciNCL), for comparison.
const PUBLISHED_BEST_LOSS: f64 = 0.21;
/// Every paper's year and the year questions are asked in: the data has no years, and a paper
/// of age 0 weighs the same under any half-life (today's
/// [`SCORING`](research_atlas::search::experts::rank::SCORING) has none).
const YEAR: u16 = 2026;

/// Each participant's ratings in the file's order: (paper, expertise from 1 to 5), a paper
/// once (a later rating of it replaces the earlier, as `evaluate.py`'s dictionary does).
pub(crate) type Ratings = BTreeMap<String, Vec<(String, f64)>>;

/// Each participant's affinity for each submission: participant → submission → affinity.
pub(crate) type Affinities = HashMap<String, HashMap<String, f64>>;

/// How well affinities order each participant's rated papers (`evaluate.py`'s `score`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Score {
    /// The cost of the pairs ordered the wrong way (a tie half of it) over the largest
    /// possible: 0 is every pair in order, lower is better.
    pub(crate) loss: f64,
    /// The share of easy pairs (one rated 4 or more, the other 2 or less) ordered right.
    pub(crate) easy: f64,
    /// The share of hard pairs (both rated 4 or more, differently) ordered right.
    pub(crate) hard: f64,
    /// Affinities of rated pairs that are missing (each counted as the lowest affinity).
    pub(crate) missing: usize,
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loss {:.4}, easy {:.3}, hard {:.3}",
            self.loss, self.easy, self.hard
        )?;
        if self.missing > 0 {
            write!(f, " ({} pair scores missing)", self.missing)?;
        }
        Ok(())
    }
}

/// `evaluate.py`'s `score`: for every participant and every pair of papers they rated, the
/// rating gap adds to the largest possible cost, and to the cost when the affinities order the
/// pair the other way (half of it when they tie); pairs rated differently are easy (one rated
/// 4 or more, the other 2 or less) or hard (both 4 or more), and counted right when the
/// affinities order them as the ratings do. A missing affinity counts as the lowest of all.
/// A share with no pair to count is NaN (where `evaluate.py` divides by zero).
pub(crate) fn score(ratings: &Ratings, affinities: &Affinities) -> Score {
    let floor = (affinities.values().flat_map(HashMap::values).copied())
        .reduce(f64::min)
        .unwrap_or(0.0);
    let (mut loss, mut worst, mut missing) = (0.0, 0.0, 0);
    let (mut easy, mut hard) = ([0usize; 2], [0usize; 2]);
    for (participant, rated) in ratings {
        let theirs = affinities.get(participant);
        let affinity = |paper: &str| theirs.and_then(|a| a.get(paper)).copied();
        for (i, (p1, e1)) in rated.iter().enumerate() {
            for (p2, e2) in &rated[i + 1..] {
                let (a1, a2) = (affinity(p1), affinity(p2));
                missing += usize::from(a1.is_none()) + usize::from(a2.is_none());
                let d = a1.unwrap_or(floor) - a2.unwrap_or(floor);
                let gap = e1 - e2;
                worst += gap.abs();
                if d * gap < 0.0 {
                    loss += gap.abs();
                } else if d == 0.0 {
                    loss += gap.abs() / 2.0;
                }
                if gap == 0.0 {
                    continue;
                }
                let (lo, hi) = (e1.min(*e2), e1.max(*e2));
                let right = usize::from(d * gap > 0.0);
                if lo >= 4.0 {
                    hard[0] += right;
                    hard[1] += 1;
                }
                if hi >= 4.0 && lo <= 2.0 {
                    easy[0] += right;
                    easy[1] += 1;
                }
            }
        }
    }
    let share = |[right, all]: [usize; 2]| right as f64 / all as f64;
    Score {
        loss: loss / worst,
        easy: share(easy),
        hard: share(hard),
        missing,
    }
}

/// The ten datasets' scores, `d_20_1` first, and how long reading and ranking them took.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Figures {
    /// Each dataset's score.
    pub(crate) datasets: Vec<Score>,
    /// Seconds to read the files, rank and score.
    pub(crate) seconds: f64,
}

impl Figures {
    /// The mean score of the datasets in `range` (0 is `d_20_1`); missing pairs added up.
    pub(crate) fn mean(&self, range: Range<usize>) -> Score {
        let of = &self.datasets[range];
        let n = of.len() as f64;
        let mean = |f: fn(&Score) -> f64| of.iter().map(f).sum::<f64>() / n;
        Score {
            loss: mean(|s| s.loss),
            easy: mean(|s| s.easy),
            hard: mean(|s| s.hard),
            missing: of.iter().map(|s| s.missing).sum(),
        }
    }

    /// What `"experts"` → `"gold"` of the results holds: the means over all ten (loss to four
    /// places, the shares to three, as `evaluate.py` prints them) and of each half.
    pub(crate) fn json(&self) -> Value {
        let n = self.datasets.len();
        let (all, first, second) = (self.mean(0..n), self.mean(0..n / 2), self.mean(n / 2..n));
        json!({
            "loss": round(all.loss, 4),
            "easy": round(all.easy, 3),
            "hard": round(all.hard, 3),
            "loss_1_5": round(first.loss, 4),
            "loss_6_10": round(second.loss, 4),
            "datasets": n,
            "published_best_loss": PUBLISHED_BEST_LOSS,
        })
    }
}

fn round(x: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (x * k).round() / k
}

/// Runs the evaluation when the gold standard is in [`FOLDER`] and reports its figures,
/// returning what `"experts"` → `"gold"` holds; when it is not there, says so and returns
/// `None`.
pub(crate) fn bench(r: &mut Run) -> Result<Option<Value>, Error> {
    let folder = r.root().join(FOLDER);
    if !folder.is_dir() {
        r.progress(format!(
            "experts: the gold standard is not in {FOLDER}; skipped"
        ));
        return Ok(None);
    }
    let figures = evaluate(&folder)?;
    let n = figures.datasets.len();
    for (i, s) in figures.datasets.iter().enumerate() {
        r.figure(format!("experts, gold standard, d_20_{}: {s}", i + 1));
    }
    r.figure(format!(
        "experts, gold standard, mean of {n}: {}; d_20_1–{}: {}; d_20_{}–{n}: {} \
         (published best loss {PUBLISHED_BEST_LOSS}; {:.1} s)",
        figures.mean(0..n),
        n / 2,
        figures.mean(0..n / 2),
        n / 2 + 1,
        figures.mean(n / 2..n),
        figures.seconds,
    ));
    Ok(Some(figures.json()))
}

/// Every dataset of the gold standard in `folder` ranked by the page's ranking and scored.
pub(crate) fn evaluate(folder: &Path) -> Result<Figures, Error> {
    let started = Instant::now();
    let data = folder.join("data");
    let ratings = read_ratings(&data.join("evaluations.tsv"))?;
    let mut datasets = Vec::with_capacity(DATASETS);
    for x in 1..=DATASETS {
        let gold = Gold::read(&data.join(format!("d_20_{x}")))?;
        datasets.push(score(&ratings, &gold.affinities()));
    }
    Ok(Figures {
        datasets,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// `evaluations.tsv`: a header, then a participant a line — `ParticipantID`, `Paper1..10`,
/// `Expertise1..10`; a paper without its rating (or a rating without its paper) is left out.
pub(crate) fn read_ratings(path: &Path) -> Result<Ratings, Error> {
    let text = std::fs::read_to_string(path).map_err(Error::at(path))?;
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let Some(participant) = column("ParticipantID") else {
        return Err(Error::NoColumn {
            path: path.to_path_buf(),
            column: "ParticipantID",
        });
    };
    let pairs: Vec<(Option<usize>, Option<usize>)> = (1..=10)
        .map(|i| {
            (
                column(&format!("Paper{i}")),
                column(&format!("Expertise{i}")),
            )
        })
        .collect();
    let mut out = Ratings::new();
    for (at, line) in lines.enumerate().filter(|(_, l)| !l.is_empty()) {
        let cells: Vec<&str> = line.split('\t').collect();
        let cell = |i: Option<usize>| i.and_then(|i| cells.get(i)).copied().unwrap_or("");
        let mut rated: Vec<(String, f64)> = Vec::new();
        for &(paper, expertise) in &pairs {
            let (p, e) = (cell(paper), cell(expertise));
            if p.is_empty() || e.is_empty() {
                continue;
            }
            let value = e.trim().parse::<f64>().map_err(|_| Error::Rating {
                path: path.to_path_buf(),
                line: at + 2,
                value: e.to_owned(),
            })?;
            match rated.iter_mut().find(|(q, _)| q == p) {
                Some(r) => r.1 = value,
                None => rated.push((p.to_owned(), value)),
            }
        }
        out.insert(cell(Some(participant)).to_owned(), rated);
    }
    Ok(out)
}

/// A paper as OpenReview's expertise format gives it: a line of an archive, or a submission.
#[derive(Debug, Deserialize)]
struct Note {
    id: String,
    content: Content,
}

/// The part of a note's content that is read: the data has no venue, topics or year.
#[derive(Debug, Deserialize)]
struct Content {
    title: Option<String>,
    #[serde(rename = "abstract")]
    abstract_text: Option<String>,
}

/// One dataset: its participants as a directory, and its submissions as questions.
struct Gold {
    /// Each participant a researcher (the id theirs), each archive paper a publication.
    dataset: Dataset,
    /// The submissions, read as the command reads them.
    submissions: Vec<batch::Submission>,
}

impl Gold {
    /// The dataset in `dir` (`archives/<participant>.jsonl`, `submissions.json`).
    fn read(dir: &Path) -> Result<Self, Error> {
        let archives = dir.join("archives");
        let mut files: Vec<PathBuf> = (std::fs::read_dir(&archives)
            .map_err(Error::at(&archives))?)
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(Error::at(&archives))?;
        files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
        files.sort();
        let mut dataset = Dataset::empty();
        let mut at: HashMap<String, usize> = HashMap::new();
        for path in &files {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            // Archives are named by the participant's id after a tilde (OpenReview's profile id).
            let id = stem.trim_start_matches('~').to_owned();
            let mut researcher = Researcher::new(id.as_str(), id.as_str(), CareerStage::Faculty);
            let text = std::fs::read_to_string(path).map_err(Error::at(path))?;
            for (line, json) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let note: Note = serde_json::from_str(json).map_err(|source| Error::JsonLine {
                    path: path.clone(),
                    line: line + 1,
                    source,
                })?;
                let p = *at.entry(note.id.clone()).or_insert_with(|| {
                    dataset.publications.push(Publication {
                        abstract_text: note.content.abstract_text.filter(|a| !a.is_empty()),
                        ..Publication::new(
                            note.id.as_str(),
                            note.content.title.unwrap_or_default(),
                            Vec::new(),
                            PublicationType::Conference,
                            YEAR,
                        )
                    });
                    dataset.publications.len() - 1
                });
                let paper = &mut dataset.publications[p];
                if !paper
                    .authors
                    .iter()
                    .any(|a| a.researcher.as_ref() == Some(&researcher.id))
                {
                    paper.authors.push(Author::member(id.as_str(), id.as_str()));
                    researcher.publications.push(paper.id.clone());
                }
            }
            dataset.researchers.push(researcher);
        }
        let path = dir.join("submissions.json");
        let text = std::fs::read_to_string(&path).map_err(Error::at(&path))?;
        // Read as `cargo xtask experts` reads it.
        let submissions = batch::read(&text)
            .map_err(|source| Error::Submissions { path, source })?
            .list;
        Ok(Gold {
            dataset,
            submissions,
        })
    }

    /// Every participant's affinity for every submission, as `cargo xtask experts` writes
    /// them: their score when the page's ranking lists them, 0 when it does not.
    fn affinities(&self) -> Affinities {
        let corpus = Corpus::of(&self.dataset);
        let options = batch::Options {
            top: None,
            conflict_years: 0,
            this_year: YEAR,
        };
        let mut out: Affinities = HashMap::new();
        for a in batch::affinities(&self.dataset, &corpus, &self.submissions, &options) {
            (out.entry(a.researcher.to_string()).or_default())
                .insert(a.submission, f64::from(a.score));
        }
        out
    }
}

#[cfg(test)]
mod tests;
