//! The experts page's many-papers mode: a submissions file pasted and scored in the page, a
//! known expert in its table, and the CSV its download would give — read from the blob the page
//! makes the download link's URL of — byte for byte the one `cargo xtask experts` writes.

use std::path::{Path, PathBuf};
use std::process::Command;

use fantoccini::Locator;
use serde_json::{Value, json};

use crate::page::{Outcome, Page};

const SERVERLESS: &str =
    "ServerlessLLM: Locality-Enhanced Serverless Inference for Large Language Models";
/// How many submissions the test pastes.
const SUBMISSIONS: usize = 60;

pub(super) async fn experts_many(p: &Page<'_>) -> Outcome {
    let text = submissions(SUBMISSIONS)?;
    let expected = command_csv(&text)?;
    p.open("experts?mode=many").await?;
    p.find(Locator::Css("#many-text")).await?;
    // Set as a paste would leave it (typing 30 KB key by key is not what is tested here).
    p.eval("$('#many-text').value = arguments[0];", vec![json!(text)])
        .await?;
    p.click(Locator::Css("[data-testid='many-score']")).await?;
    p.until(
        "every submission scored",
        "text($(tid('many-progress')))",
        |v| {
            v.as_str()
                .is_some_and(|s| s.starts_with(&format!("{SUBMISSIONS} submissions scored in ")))
        },
    )
    .await?;
    // The ServerlessLLM paper's best reviewer is its author, conflicted (the file names him).
    p.until_eq(
        "Luo Mai first for ServerlessLLM, with a conflict",
        &format!(
            "(() => {{ const r = $$(tid('many-row')).find((r) => text($('.many-title', r)) === {title} && $(tid('conflict'), r)); if (!r) return null; const best = $(tid('many-reviewer'), r); return [text($('a', best)), text($(tid('conflict'), best))]; }})()",
            title = json!(SERVERLESS)
        ),
        json!(["Luo Mai", "Conflict: an author of this paper"]),
    )
    .await?;
    // The download's blob, read as the page makes its URL (the page's CSP allows no fetch of a
    // blob: URL), and the download itself prevented.
    p.eval(
        "window.__atlasCsv = null; let blob = null; const make = URL.createObjectURL; URL.createObjectURL = (b) => { blob = b; return make.call(URL, b); }; document.addEventListener('click', (e) => { const a = e.target; if (a instanceof HTMLAnchorElement && a.download && blob) { e.preventDefault(); blob.text().then((t) => { window.__atlasCsv = [a.download, t]; }); } }, true);",
        vec![],
    )
    .await?;
    p.click(Locator::Css("[data-testid='many-csv']")).await?;
    let got = p
        .until("the CSV's blob", "window.__atlasCsv", |v| !v.is_null())
        .await?;
    if got[0] != json!("affinity.csv") {
        return Err(format!("downloaded as {}, not affinity.csv", got[0]));
    }
    let csv = got[1].as_str().unwrap_or_default();
    if csv != expected {
        let line = (csv.lines().zip(expected.lines()))
            .position(|(a, b)| a != b)
            .map_or("the length".to_owned(), |i| format!("line {}", i + 1));
        return Err(format!(
            "the page's CSV ({} bytes) differs from cargo xtask experts' ({} bytes) at {line}",
            csv.len(),
            expected.len()
        ));
    }
    p.note(format!("{} CSV bytes equal the command's", csv.len()));
    Ok(())
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// JSON lines of `n` submissions: the bundled papers' titles cycled, every fifth (and the
/// ServerlessLLM paper) with its own authors (directory ids where they are members).
fn submissions(n: usize) -> Result<String, String> {
    let path = root().join("data/researchers.json");
    let data: Value = std::fs::read_to_string(&path)
        .map_err(|e| format!("{}: {e}", path.display()))
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))?;
    let papers = data["publications"].as_array().ok_or("no publications")?;
    let mut out = String::new();
    for i in 0..n {
        let p = &papers[i % papers.len()];
        let mut e = json!({"id": format!("e{i}"), "title": p["title"], "abstract": p["abstract"]});
        if i % 5 == 0 || p["title"] == SERVERLESS {
            let authors = p["authors"].as_array().cloned().unwrap_or_default();
            e["authors"] = authors.iter().map(|a| a["name"].clone()).collect();
            e["authorids"] = (authors.iter())
                .filter_map(|a| a["researcher"].as_str().map(|r| json!(r)))
                .collect();
        }
        out.push_str(&e.to_string());
        out.push('\n');
    }
    Ok(out)
}

/// `cargo xtask experts`' CSV for `text`: the task runner that runs this suite
/// (`ATLAS_XTASK`, else the workspace's `target/xtask/xtask`).
fn command_csv(text: &str) -> Result<String, String> {
    let xtask = std::env::var_os("ATLAS_XTASK")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/xtask/xtask"));
    let dir = root().join("target/engines/experts-many");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (input, out) = (dir.join("submissions.jsonl"), dir.join("affinity.csv"));
    std::fs::write(&input, text).map_err(|e| format!("{}: {e}", input.display()))?;
    let status = Command::new(&xtask)
        .arg("experts")
        .arg("--submissions")
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .output()
        .map_err(|e| format!("{}: {e}", xtask.display()))?;
    if !status.status.success() {
        return Err(format!(
            "{} experts failed: {}",
            xtask.display(),
            String::from_utf8_lossy(&status.stderr)
        ));
    }
    std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()))
}
