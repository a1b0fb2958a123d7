//! `cargo xtask add-researcher`: the flags handed to the importer's
//! [`atlas_import::add::add_researcher`], and what it did printed.

use atlas_import::Error;
use atlas_import::add::{NewResearcher, NotAdded, Values, add_researcher};

use crate::cli::AddResearcher;

/// Runs the task; `args` is its command line (after `add-researcher`), which places each
/// `--source-note`.
pub fn add(t: AddResearcher, args: &[String]) -> Result<(), String> {
    let sources = t.sources(args)?;
    let new = NewResearcher {
        data: t.data,
        from: t.from,
        dry_run: t.dry_run,
        org_kind: t.org_kind,
        values: Values {
            name: t.name,
            id: t.id,
            stage: t.stage,
            summary: t.summary,
            organization: t.organization,
            title: t.title,
            department: t.department,
            location: t.location,
            native_name: t.native_name,
            alternative_names: t.alt_name,
            links: t.link,
            topics: t.topic,
            interests: t.interest,
            sources,
        },
    };
    let added = add_researcher(&new).map_err(|e| match e {
        // A missing field: the flags that give it.
        Error::NotAdded(NotAdded::NoName | NotAdded::Required { .. }) => {
            format!("{e}\n{}", crate::cli::help("add-researcher"))
        }
        e => e.to_string(),
    })?;
    for note in &added.notes {
        println!("note: {note}");
    }
    let (id, name) = (&added.researcher.id, &added.researcher.name);
    if added.saved.is_none() {
        let record = serde_json::to_string_pretty(&added.researcher).map_err(|e| e.to_string())?;
        println!("{record}\nadd-researcher: {id} is valid; dry run, nothing written");
    } else {
        println!(
            "added researcher {id} ({name}); wrote {}\nnext: cargo xtask import-bib --researcher {id} FILE.bib",
            added.path.display()
        );
    }
    Ok(())
}
