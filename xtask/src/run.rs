//! Running child processes with clear errors.

use std::process::{Command, Stdio};

/// Runs a command, inheriting stdio; an error says how it failed.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{}: {e}", program(cmd)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{} exited with {status}", program(cmd)))
    }
}

/// Runs a command and returns its stdout; stderr passes through.
pub fn capture(cmd: &mut Command) -> Result<String, String> {
    let out = cmd
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("{}: {e}", program(cmd)))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!("{} exited with {}", program(cmd), out.status))
    }
}

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

fn program(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args().take(3) {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}
