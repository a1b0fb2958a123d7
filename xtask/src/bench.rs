//! `cargo xtask bench`: its flags handed to [`atlas_bench::run`], the runner of every benchmark,
//! and what it reports printed. What the runner asks of the command runner (datasets as
//! `gen-data` makes them, `build-data`'s compiler, release builds) is answered here.

use std::path::{Path, PathBuf};

use atlas_bench::{Compiled, Failed, Host, Line};

use crate::data::{root, target_dir};
use atlas_release::tools::{Needs, Toolbox};

use crate::build::NOTHING;
use crate::{build, build_data, data};

/// Runs the task.
pub fn bench(args: &crate::cli::Bench) -> Result<(), String> {
    // The running program, even when a build replaces `target/xtask/xtask` meanwhile.
    let importer = if Path::new("/proc/self/exe").exists() {
        PathBuf::from("/proc/self/exe")
    } else {
        std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?
    };
    let bench = atlas_bench::Bench {
        root: root(),
        target: target_dir(),
        importer,
        native: args.native,
        browser: args.browser,
        cold: args.cold,
        large: args.large,
        import: args.import,
        sources: args.sources,
        experts: args.experts,
        criterion_args: args.criterion_args.clone(),
    };
    atlas_bench::run(&bench, &mut Steps { tools: None }).map_err(|e| e.to_string())
}

/// The runner's host: the release build's tools, set up on first use.
struct Steps {
    tools: Option<Toolbox>,
}

impl Host for Steps {
    fn dataset(&mut self, researchers: usize, faculty: bool) -> Result<PathBuf, Failed> {
        if faculty {
            data::generated_faculty_fresh(researchers).map_err(Into::into)
        } else {
            data::generated_fresh(researchers).map_err(Into::into)
        }
    }

    fn compile(&mut self, input: &Path, out: &Path) -> Result<Compiled, Failed> {
        let w = build_data::compile(input, out)?;
        Ok(Compiled {
            directory_bytes: w.directory_bytes,
            shards: w.shards,
            people: w.people,
            packs: w.packs,
        })
    }

    fn release_build(&mut self, out: &Path, prerender: bool) -> Result<(), Failed> {
        let tb = match self.tools.take() {
            Some(tb) => tb,
            None => build::setup(Needs {
                build: true,
                release: true,
                browser: true,
                ..NOTHING
            })?,
        };
        let opts = atlas_release::dist::Options {
            prerender,
            ..build::options("/", out.to_path_buf())
        };
        let built = build::build_dist(&tb, &opts);
        self.tools = Some(tb);
        Ok(built?)
    }

    fn say(&mut self, line: Line) {
        match line {
            Line::Figure(text) => println!("{text}"),
            Line::Progress(text) => eprintln!("{text}"),
        }
    }
}
