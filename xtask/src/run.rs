//! Running a test suite's process while keeping what it prints (the release crate runs the
//! others: `atlas_release::run`).

use std::process::{Command, Stdio};

use atlas_release::run::program;

/// Runs a command, echoing its output as it comes, and returns everything it printed.
pub fn run_tee(cmd: &mut Command) -> Result<String, (String, String)> {
    use std::io::{BufRead, BufReader};
    let name = program(cmd);
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| (format!("{name}: {e}"), String::new()))?;
    let stderr = child.stderr.take().expect("piped");
    let err_thread = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            eprintln!("{line}");
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    let mut all = String::new();
    for line in BufReader::new(child.stdout.take().expect("piped"))
        .lines()
        .map_while(Result::ok)
    {
        println!("{line}");
        all.push_str(&line);
        all.push('\n');
    }
    all.push_str(&err_thread.join().unwrap_or_default());
    let status = child
        .wait()
        .map_err(|e| (format!("{name}: {e}"), all.clone()))?;
    if status.success() {
        Ok(all)
    } else {
        Err((format!("{name} exited with {status}"), all))
    }
}
