use super::*;

fn parse(args: &[&str]) -> Result<Task, String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    super::parse(&args).map_err(|e| e.output)
}

#[test]
fn gen_data_flags() {
    assert_eq!(
        parse(&[
            "gen-data",
            "--researchers",
            "20000",
            "--seed",
            "9",
            "--out",
            "x.json"
        ]),
        Ok(Task::GenData(GenData {
            researchers: 20000,
            seed: 9,
            out: Some("x.json".into()),
            shape: Shape::Research,
        }))
    );
    assert_eq!(
        parse(&["gen-data", "--shape", "faculty"]),
        Ok(Task::GenData(GenData {
            researchers: 2000,
            seed: 1,
            out: None,
            shape: Shape::Faculty,
        }))
    );
    assert!(parse(&["gen-data", "--shape", "round"]).is_err());
    assert_eq!(
        parse(&["gen-data"]),
        Ok(Task::GenData(GenData {
            researchers: 2000,
            seed: 1,
            out: None,
            shape: Shape::Research,
        }))
    );
    assert!(parse(&["gen-data", "--researchers", "many"]).is_err());
    assert!(parse(&["gen-data", "--seed"]).is_err());
    assert!(parse(&["gen-data", "--colour", "red"]).is_err());
}

#[test]
fn add_researcher_gives_each_source_its_note() {
    let args = [
        "--source",
        "a.md",
        "--summary",
        "--source",
        "--source",
        "b.md",
        "--source-note",
        "n",
        "--dry-run",
        "--name",
        "X",
    ];
    let Ok(Task::AddResearcher(t)) = parse(&[&["add-researcher"][..], &args].concat()) else {
        panic!("add-researcher parses");
    };
    assert!(t.dry_run);
    assert_eq!(t.summary.as_deref(), Some("--source"));
    let args = args.map(String::from);
    assert_eq!(
        t.sources(&args),
        Ok(vec![
            ("a.md".into(), None),
            ("b.md".into(), Some("n".into()))
        ])
    );
    let Ok(Task::AddResearcher(t)) = parse(&["add-researcher", "--source-note", "n"]) else {
        panic!("add-researcher parses");
    };
    assert!(t.sources(&["--source-note".into(), "n".into()]).is_err());
    assert!(parse(&["add-researcher", "--nickname", "X"]).is_err());
    let help = help("add-researcher");
    for flag in ["--source-note", "--org-kind", "--alt-name", "phd_student"] {
        assert!(help.contains(flag), "{help}");
    }
}

#[test]
fn serve_hands_everything_to_trunk() {
    assert_eq!(
        parse(&["serve", "--port", "8081"]),
        Ok(Task::Serve(Serve {
            trunk_args: vec!["--port".into(), "8081".into()]
        }))
    );
}

#[test]
fn help_lists_every_task() {
    let help = parse(&["help"]).expect_err("help is not a task");
    for task in [
        "serve",
        "test",
        "dist",
        "build-data",
        "import-bib",
        "import",
        "bench",
        "setup",
    ] {
        assert!(help.contains(task), "{help}");
    }
}

#[test]
fn engines_and_criterion_args() {
    assert_eq!(
        parse(&["test", "--engine", "webkit", "--engine", "firefox"]),
        Ok(Task::Test(Test {
            native: false,
            engine: vec!["webkit", "firefox"]
        }))
    );
    assert!(parse(&["test", "--engine", "opera"]).is_err());
    let Ok(Task::Bench(bench)) = parse(&["bench", "--native", "--", "typing", "--quick"]) else {
        panic!("bench parses");
    };
    assert!(bench.native && !bench.browser);
    assert_eq!(bench.criterion_args, ["typing", "--quick"]);
}

#[test]
fn import_bib_needs_the_researcher_and_the_file() {
    assert_eq!(
        parse(&["import-bib", "--researcher", "ada", "--dry-run", "a.bib"]),
        Ok(Task::ImportBib(ImportBib {
            researcher: "ada".into(),
            data: None,
            dry_run: true,
            strict: false,
            bib: "a.bib".into()
        }))
    );
    let Ok(Task::ImportBib(strict)) =
        parse(&["import-bib", "--strict", "--researcher", "ada", "a.bib"])
    else {
        panic!("--strict parses");
    };
    assert!(strict.strict && !strict.dry_run);
    assert!(parse(&["import-bib", "a.bib"]).is_err());
    assert!(parse(&["import-bib", "--researcher", "ada"]).is_err());
}

#[test]
fn import_takes_a_roster() {
    assert_eq!(
        parse(&["import", "--data", "d.json", "--dry-run", "staff.csv"]),
        Ok(Task::ImportRoster(ImportRoster {
            data: Some("d.json".into()),
            dry_run: true,
            strict: false,
            sources: None,
            fetch: false,
            refresh: false,
            mailto: None,
            as_of: None,
            roster: "staff.csv".into()
        }))
    );
    let Ok(Task::ImportRoster(fetch)) = parse(&[
        "import",
        "--sources",
        "data/sources",
        "--fetch",
        "--mailto",
        "lab@example.org",
        "--as-of",
        "2026-11-01",
        "staff.csv",
    ]) else {
        panic!("--sources, --fetch, --mailto and --as-of parse");
    };
    assert_eq!(fetch.sources, Some("data/sources".into()));
    assert!(fetch.fetch && !fetch.refresh);
    assert_eq!(fetch.mailto.as_deref(), Some("lab@example.org"));
    assert_eq!(fetch.as_of.as_deref(), Some("2026-11-01"));
    let Ok(Task::ImportRoster(strict)) = parse(&["import", "--strict", "staff.csv"]) else {
        panic!("--strict parses");
    };
    assert!(strict.strict && strict.data.is_none());
    assert!(parse(&["import"]).is_err());
}

#[test]
fn experts_needs_the_submissions_and_the_out_file() {
    assert_eq!(
        parse(&["experts", "--submissions", "s.json", "--out", "a.csv"]),
        Ok(Task::Experts(Experts {
            data: None,
            submissions: "s.json".into(),
            out: "a.csv".into(),
            top: None,
            conflict_years: 3,
        }))
    );
    let Ok(Task::Experts(e)) = parse(&[
        "experts",
        "--data",
        "d.json",
        "--submissions",
        "s.csv",
        "--out",
        "a.csv",
        "--top",
        "50",
        "--conflict-years",
        "5",
    ]) else {
        panic!("every flag parses");
    };
    assert_eq!(
        (e.data, e.top, e.conflict_years),
        (Some("d.json".into()), Some(50), 5)
    );
    assert!(parse(&["experts", "--out", "a.csv"]).is_err());
    assert!(parse(&["experts", "--submissions", "s.json"]).is_err());
}

#[test]
fn dist_defaults_and_build_data_in() {
    let Ok(Task::Dist(dist)) = parse(&["dist"]) else {
        panic!("dist parses");
    };
    assert_eq!((dist.base.as_str(), dist.keep, dist.out), ("/", 0, None));
    let Ok(Task::BuildData(b)) = parse(&["build-data", "--in", "x.json", "--out", "d"]) else {
        panic!("build-data parses");
    };
    assert_eq!(b.input, Some("x.json".into()));
    assert!(parse(&["build-data"]).is_err());
}
