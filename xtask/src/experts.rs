//! `experts`: a whole conference's submissions against the directory, into OpenReview's
//! affinity CSV. Reading the submissions, ranking and the CSV are
//! `research_atlas::search::experts::batch`'s; this task loads the dataset, reads and writes
//! the files and prints what came back.

use std::path::Path;

use research_atlas::model::{self, Dataset};
use research_atlas::search::experts::batch::{self, Options, Run};

use crate::cli::Experts;
use crate::data::{DATASET, max_year, root};

/// Runs the task.
pub fn experts(args: &Experts) -> Result<(), String> {
    if args.top == Some(0) {
        return Err("--top takes 1 or more (leave it out for every researcher)".into());
    }
    let data = args.data.clone().unwrap_or_else(|| root().join(DATASET));
    let dataset = load(&data)?;
    let text = read(&args.submissions)?;
    let o = Options {
        top: args.top,
        conflict_years: args.conflict_years,
        this_year: this_year(),
    };
    let run = batch::run(&dataset, &text, &o)
        .map_err(|e| format!("{}: {e}", args.submissions.display()))?;
    std::fs::write(&args.out, &run.csv).map_err(|e| format!("{}: {e}", args.out.display()))?;
    print(args, &dataset, &run);
    Ok(())
}

/// The dataset at `path`, as the app loads it; what loading left out (records skipped,
/// values dropped) is counted, not listed (`check-data` lists it).
fn load(path: &Path) -> Result<Dataset, String> {
    let text = read(path)?;
    let loaded = model::load(&text, max_year()).map_err(|e| format!("{}: {e}", path.display()))?;
    let (skipped, dropped) = (loaded.skipped.len(), loaded.dropped().count());
    if skipped + dropped > 0 {
        println!(
            "experts: {}: loading left out {skipped} record(s) and {dropped} value(s) \
             (cargo xtask check-data {} lists them)",
            path.display(),
            path.display()
        );
    }
    Ok(loaded.dataset)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// This year (UTC), as `max_year` counts it.
fn this_year() -> u16 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    model::load::year_of_unix_seconds(secs)
}

/// Prints what was read, what was left out (each with its place) and what was written.
fn print(args: &Experts, dataset: &Dataset, run: &Run) {
    let file = args.submissions.display();
    let s = &run.submissions;
    println!(
        "experts: {file}: {} submission(s) read ({}){}",
        s.list.len(),
        s.format.label(),
        match s.problems.len() {
            0 => String::new(),
            n => format!(", {n} left out:"),
        }
    );
    for p in &s.problems {
        println!("experts: {file}: {p}");
    }
    let per = match args.top {
        Some(k) => format!(
            "the best {k} of {} researchers each",
            dataset.researchers.len()
        ),
        None => format!("× {} researchers", dataset.researchers.len()),
    };
    let conflicts = if run.with_conflicts {
        format!("{} pair(s) with a conflict", run.conflicted)
    } else {
        "no authors given, so no conflict column".to_owned()
    };
    println!(
        "experts: {} row(s) ({} submission(s) {per}) written to {}; {conflicts}",
        run.rows,
        s.list.len(),
        args.out.display(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_writes_every_pair_of_the_bundled_directory_and_says_what_it_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let submissions = dir.path().join("submissions.json");
        // Written here, not copied from any benchmark: two good notes and a bad one.
        std::fs::write(
            &submissions,
            r#"{
                "-s1": {"id": "-s1", "content": {
                    "title": "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models",
                    "abstract": "Checkpoints close to the GPUs start an inference server in seconds.",
                    "authors": ["Luo Mai"]}},
                "s2": {"id": "s2", "content": {"abstract": "A note without a title."}},
                "s3": {"id": "s3", "content": {"title": "Cluster scheduling for deep learning"}}
            }"#,
        )
        .unwrap();
        let out = dir.path().join("affinity.csv");
        let args = Experts {
            data: None,
            submissions,
            out: out.clone(),
            top: None,
            conflict_years: 3,
        };
        experts(&args).expect("the command runs");
        let csv = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "submission,researcher,score,conflict");
        // Two submissions × the bundled five researchers; the id beginning with "-" unguarded.
        assert_eq!(lines.len(), 1 + 2 * 5);
        assert!(lines[1].starts_with("-s1,luo-mai,"), "{}", lines[1]);
        assert!(lines[6..].iter().all(|l| l.starts_with("s3,")));

        let top = Experts {
            top: Some(1),
            ..args
        };
        experts(&top).expect("the command runs");
        let csv = std::fs::read_to_string(&out).unwrap();
        assert!(csv.lines().count() <= 1 + 2, "{csv}");
        assert!(
            experts(&Experts {
                top: Some(0),
                ..top
            })
            .is_err()
        );
    }

    #[test]
    fn a_file_of_no_shape_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let submissions = dir.path().join("notes.txt");
        std::fs::write(&submissions, "Dear chairs, the papers are attached.\n").unwrap();
        let err = experts(&Experts {
            data: None,
            submissions: submissions.clone(),
            out: dir.path().join("a.csv"),
            top: None,
            conflict_years: 3,
        })
        .expect_err("not a submissions file");
        assert!(
            err.starts_with(&format!(
                "{}: not a submissions file",
                submissions.display()
            )),
            "{err}"
        );
        assert!(!dir.path().join("a.csv").exists());
    }
}
