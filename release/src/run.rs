//! Running child processes with clear errors: their output goes where this process's goes.

use std::process::{Command, Stdio};

use crate::Error;

/// Runs a command, inheriting stdio.
pub fn run(cmd: &mut Command) -> Result<(), Error> {
    let status = cmd.status().map_err(|source| Error::Spawn {
        program: program(cmd),
        source,
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Exited {
            program: program(cmd),
            status,
        })
    }
}

/// Runs a command and returns its stdout; stderr passes through.
pub fn capture(cmd: &mut Command) -> Result<String, Error> {
    let out = (cmd.stderr(Stdio::inherit()).output()).map_err(|source| Error::Spawn {
        program: program(cmd),
        source,
    })?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(Error::Exited {
            program: program(cmd),
            status: out.status,
        })
    }
}

/// The command's program and first three arguments, as errors name it.
pub fn program(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args().take(3) {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}
