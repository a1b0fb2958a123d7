//! The model layer's one error shape: where in the file, and what is wrong there.
//!
//! Loading and validation both speak in [`Problem`]s. A file that cannot be used at all is one
//! `Err(Problem)` from [`load`](super::load()); a record that was skipped, or a fact that fails a
//! check, is one `Problem` in [`LoadedDataset::problems`](super::LoadedDataset::problems) or in what
//! [`validate`](super::validate()) returns. Same fields, same one-line form, so a tool prints and
//! locates them all alike.
//!
//! Most problems are errors: the record is skipped. A [`Severity::Dropped`] problem cost only
//! the value it names (a bad link, an implausible award year): the value is left out, unknown
//! rather than replaced, and the record is kept. A [`Severity::Warning`] is a fact worth a look
//! that does not make its record invalid (invisible characters in a text, which may be
//! legitimate); the record is kept, and the warning is shown beside the errors.

use std::fmt;

/// One thing wrong in a dataset file, printed as one line: `path: message`,
/// `path: dropped: message` for a value that was left out, or `path: warning: message` for a
/// warning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: a JSON path (`researchers[2].links[0].url`), `line L column C` for a syntax error,
    /// or empty when the whole file is meant.
    pub path: String,
    /// What is wrong, quoting the bad value.
    pub message: String,
    /// Whether the record it is in is skipped, loses only this value, or is kept whole.
    pub severity: Severity,
}

/// How much a [`Problem`] matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    /// The value is invalid: its record is skipped (or the file refused, or the setting
    /// ignored).
    #[default]
    Error,
    /// The value at the path is invalid and was left out (it is unknown now, never a stand-in);
    /// its record is kept without it. The dataset file still needs fixing.
    Dropped,
    /// The value is kept but worth a look.
    Warning,
}

impl Problem {
    /// An error at `path`.
    pub fn error(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            severity: Severity::Error,
        }
    }

    /// A value left out at `path`, its record kept.
    pub fn dropped(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Dropped,
            ..Self::error(path, message)
        }
    }

    /// A warning at `path`.
    pub fn warning(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(path, message)
        }
    }

    /// True for a [`Severity::Warning`].
    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// True for a [`Severity::Dropped`] problem: the value was left out, the record kept.
    pub fn is_dropped(&self) -> bool {
        self.severity == Severity::Dropped
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        match self.severity {
            Severity::Error => {}
            Severity::Dropped => f.write_str("dropped: ")?,
            Severity::Warning => f.write_str("warning: ")?,
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_one_line_with_its_path_when_it_has_one() {
        assert_eq!(
            Problem::error("publications[4].year", "3024 is after 2027").to_string(),
            "publications[4].year: 3024 is after 2027"
        );
        assert_eq!(
            Problem::error("", "the file holds an array, not a dataset object").to_string(),
            "the file holds an array, not a dataset object"
        );
        assert_eq!(
            Problem::warning("publications[0].title", "contains U+202E").to_string(),
            "publications[0].title: warning: contains U+202E"
        );
        assert_eq!(
            Problem::dropped(
                "researchers[3].links[0]",
                "url: \"javascript:x\" is not an http, https or mailto URL"
            )
            .to_string(),
            "researchers[3].links[0]: dropped: url: \"javascript:x\" is not an http, https or mailto URL"
        );
    }
}
