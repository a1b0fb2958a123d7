//! The model layer's one error shape: where in the file, and what is wrong there.
//!
//! Loading and validation both speak in [`Problem`]s. A file that cannot be used at all is one
//! `Err(Problem)` from [`load`](super::load()); a record that was skipped, or a fact that fails a
//! check, is one `Problem` in [`Directory::problems`](super::Directory::problems) or in what
//! [`validate`](super::validate()) returns. Same fields, same one-line form, so a tool prints and
//! locates them all alike.

use std::fmt;

/// One thing wrong in a dataset file, printed as one line: `path: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: a JSON path (`researchers[2].links[0].url`), `line L column C` for a syntax error,
    /// or empty when the whole file is meant.
    pub path: String,
    /// What is wrong, quoting the bad value.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for Problem {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_one_line_with_its_path_when_it_has_one() {
        let at = |path: &str, message: &str| Problem {
            path: path.into(),
            message: message.into(),
        };
        assert_eq!(
            at("publications[4].year", "3024 is after 2027").to_string(),
            "publications[4].year: 3024 is after 2027"
        );
        assert_eq!(
            at("", "the file holds an array, not a dataset object").to_string(),
            "the file holds an array, not a dataset object"
        );
    }
}
