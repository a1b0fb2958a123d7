//! `cargo xtask bench`: its flags handed to [`atlas_bench::run`], the runner of every benchmark,
//! and what it reports printed. What the runner asks of the command runner (datasets as
//! `gen-data` makes them, `build-data`'s compiler, release builds, the tools) is answered here.

use std::path::{Path, PathBuf};

use atlas_bench::{Compiled, Host, Line};

use crate::data::{root, target_dir};
use crate::{build, build_data, data, tools};

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
    tools: Option<tools::Toolbox>,
}

impl Host for Steps {
    fn dataset(&mut self, researchers: usize, faculty: bool) -> Result<PathBuf, String> {
        if faculty {
            data::generated_faculty_fresh(researchers)
        } else {
            data::generated_fresh(researchers)
        }
    }

    fn compile(&mut self, input: &Path, out: &Path) -> Result<Compiled, String> {
        let w = build_data::compile(input, out)?;
        Ok(Compiled {
            directory_bytes: w.directory_bytes,
            shards: w.shards,
            people: w.people,
            packs: w.packs,
        })
    }

    fn release_build(&mut self, out: &Path, prerender: bool) -> Result<(), String> {
        let tb = match self.tools.take() {
            Some(tb) => tb,
            None => tools::setup(tools::Needs {
                build: true,
                release: true,
                browser: true,
                engines: false,
            })?,
        };
        let built = build::build_dist(
            &tb,
            &build::DistOptions {
                base: "/".into(),
                out: out.to_path_buf(),
                max_profiles: None,
                prerender,
                keep: 0,
            },
        );
        self.tools = Some(tb);
        built
    }

    fn prerender(
        &mut self,
        site: &Path,
        data: &Path,
        max_profiles: Option<usize>,
    ) -> Result<(), String> {
        build::prerender(site, data, max_profiles)
    }

    fn lighthouse(&mut self) -> Result<PathBuf, String> {
        tools::lighthouse()
    }

    fn chromium(&mut self) -> Result<PathBuf, String> {
        tools::chromium().map(|(chromium, _)| chromium)
    }

    fn say(&mut self, line: Line) {
        match line {
            Line::Figure(text) => println!("{text}"),
            Line::Progress(text) => eprintln!("{text}"),
        }
    }
}
