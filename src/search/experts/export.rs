//! The experts list as CSV (RFC 4180, header row, CRLF, guarded against spreadsheet formulas
//! as every export is): one line per expert with their rank, score, match in words, matching
//! papers and conflicts.

use super::{Answer, Expert};
use crate::model::Dataset;
use crate::model::cite::push_csv_row;
use crate::model::invisible::export_text;

/// `answer`'s experts (those shown: the caller filters), as CSV.
pub fn csv(dataset: &Dataset, experts: &[&Expert], answer: &Answer) -> String {
    let mut out = String::new();
    push_csv_row(
        &mut out,
        [
            "rank",
            "id",
            "name",
            "score",
            "match",
            "matching_papers",
            "matching_words",
            "conflicts",
            "query_terms",
        ]
        .map(str::to_owned),
    );
    let terms = answer.terms.join(" ");
    for (i, e) in experts.iter().enumerate() {
        let name = dataset
            .researcher(&e.researcher)
            .map_or_else(|| e.researcher.to_string(), |r| r.name.clone());
        let papers: Vec<String> = e
            .papers
            .iter()
            .map(|p| format!("{} ({})", p.title, p.year))
            .collect();
        let mut words: Vec<&str> = e
            .papers
            .iter()
            .flat_map(|p| &p.words)
            .map(String::as_str)
            .collect();
        words.sort_unstable();
        words.dedup();
        let conflicts: Vec<String> = e
            .conflicts
            .iter()
            .map(|c| {
                let possibly = if c.certain { "" } else { "possibly: " };
                format!("{possibly}{}", c.reason)
            })
            .collect();
        push_csv_row(
            &mut out,
            [
                (i + 1).to_string(),
                e.researcher.to_string(),
                export_text(&name).into_owned(),
                format!("{:.2}", e.score),
                e.level.label().to_owned(),
                export_text(&papers.join("; ")).into_owned(),
                words.join(" "),
                export_text(&conflicts.join("; ")).into_owned(),
                terms.clone(),
            ],
        );
    }
    out
}
