//! A small reader of the shell in a workflow's `run:` steps: the simple commands a script runs,
//! each as its words, or an error for what it cannot follow (`$(…)`, backquotes,
//! here-documents, subshells, background jobs), so that no command hides from the checks.

/// What a shell variable or a `${{ … }}` expression stands for when a command line is parsed:
/// a value that every option takes (a number is also a string and a path).
pub(super) const PLACEHOLDER: &str = "1";

/// The shell's reserved words that can start a simple command here; they are skipped.
const RESERVED: [&str; 12] = [
    "if", "then", "else", "elif", "fi", "while", "until", "do", "done", "!", "{", "}",
];

/// The simple commands of a `run:` script, each as its words: quotes removed, every `$NAME`,
/// `${…}` and `${{ … }}` read as [`PLACEHOLDER`], redirections, reserved words and variable
/// assignments left out. An error for what the reader cannot follow.
pub(super) fn commands(script: &str) -> Result<Vec<Vec<String>>, String> {
    let script = expand_expressions(script)?;
    let mut out = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut tokens = tokens(&script)?.into_iter();
    while let Some(token) = tokens.next() {
        match token {
            Token::Word(w) => current.push(w),
            Token::Redirect { target_follows } => {
                if target_follows && !matches!(tokens.next(), Some(Token::Word(_))) {
                    return Err("a redirection without a file".into());
                }
            }
            Token::Separator => out.extend(simple_command(std::mem::take(&mut current))),
        }
    }
    out.extend(simple_command(current));
    Ok(out)
}

/// `words` without the reserved words and assignments before the command; `None` when nothing
/// is left (`fi`, `}`, `x=1`).
fn simple_command(words: Vec<String>) -> Option<Vec<String>> {
    let is_assignment = |w: &str| {
        w.split_once('=').is_some_and(|(name, _)| {
            name.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    let start =
        (words.iter()).position(|w| !RESERVED.contains(&w.as_str()) && !is_assignment(w))?;
    Some(words[start..].to_vec())
}

/// `script` with each GitHub expression `${{ … }}` replaced by [`PLACEHOLDER`] (GitHub does that
/// before the shell starts).
fn expand_expressions(script: &str) -> Result<String, String> {
    let mut out = String::with_capacity(script.len());
    let mut rest = script;
    while let Some(start) = rest.find("${{") {
        let end =
            (rest[start..].find("}}")).ok_or_else(|| format!("an unclosed `${{{{` in {rest:?}"))?;
        out.push_str(&rest[..start]);
        out.push_str(PLACEHOLDER);
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    /// A newline, `;`, `|`, `||` or `&&`: the end of a simple command.
    Separator,
    /// `>`, `>>`, `<`, `2>&1`…; `target_follows` when the next word is its file.
    Redirect {
        target_follows: bool,
    },
}

/// The words and operators of a script (see [`commands`]).
fn tokens(script: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    // Whether a word was started (`''` is a word, empty).
    let mut started = false;
    let mut chars = script.chars().peekable();
    let end_word = |out: &mut Vec<Token>, word: &mut String, started: &mut bool| {
        if *started {
            out.push(Token::Word(std::mem::take(word)));
            *started = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\r' => end_word(&mut out, &mut word, &mut started),
            '\n' => {
                end_word(&mut out, &mut word, &mut started);
                out.push(Token::Separator);
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(c) => {
                    word.push(c);
                    started = true;
                }
                None => return Err("a script ending in a backslash".into()),
            },
            '#' if !started => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("an unclosed single quote".into()),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some('\n') => {}
                            Some(c @ ('$' | '`' | '"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("an unclosed double quote".into()),
                        },
                        Some('$') => expansion(&mut chars, &mut word)?,
                        Some('`') => return Err(refused("a backquoted command")),
                        Some(c) => word.push(c),
                        None => return Err("an unclosed double quote".into()),
                    }
                }
            }
            '$' => {
                started = true;
                expansion(&mut chars, &mut word)?;
            }
            '`' => return Err(refused("a backquoted command")),
            '(' | ')' => return Err(refused("a subshell")),
            ';' => {
                end_word(&mut out, &mut word, &mut started);
                if chars.peek() == Some(&';') {
                    return Err(refused("`;;` (a case statement)"));
                }
                out.push(Token::Separator);
            }
            '|' => {
                // `|` and `||` both end a simple command.
                end_word(&mut out, &mut word, &mut started);
                chars.next_if_eq(&'|');
                out.push(Token::Separator);
            }
            '&' => {
                end_word(&mut out, &mut word, &mut started);
                if chars.next_if_eq(&'&').is_none() {
                    return Err(refused("a background job (`&`)"));
                }
                out.push(Token::Separator);
            }
            '>' | '<' => {
                // A file descriptor's number before it (`2>`) belongs to the redirection.
                if started && !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()) {
                    word.clear();
                    started = false;
                }
                end_word(&mut out, &mut word, &mut started);
                if c == '<' && chars.peek() == Some(&'<') {
                    return Err(refused("a here-document"));
                }
                chars.next_if_eq(&'>');
                let target_follows = if chars.next_if_eq(&'&').is_some() {
                    // `>&2`, `2>&1`, `>&-`: the target is the descriptor.
                    while chars.next_if(|c| c.is_ascii_digit() || *c == '-').is_some() {}
                    false
                } else {
                    true
                };
                out.push(Token::Redirect { target_follows });
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    end_word(&mut out, &mut word, &mut started);
    Ok(out)
}

/// After a `$`: a variable (`$NAME`, `$1`, `$?`, `${…}`) read as [`PLACEHOLDER`]; a `$` before
/// anything else is itself.
fn expansion(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    word: &mut String,
) -> Result<(), String> {
    match chars.peek() {
        Some('(') => return Err(refused("a command substitution (`$(…)`)")),
        Some('{') => {
            let mut depth = 0;
            for c in chars.by_ref() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 1 => break,
                    '}' => depth -= 1,
                    _ => {}
                }
            }
        }
        Some(c) if c.is_ascii_alphabetic() || *c == '_' => {
            while chars
                .next_if(|c| c.is_ascii_alphanumeric() || *c == '_')
                .is_some()
            {}
        }
        Some(c) if c.is_ascii_digit() || "?#@*$!-".contains(*c) => {
            chars.next();
        }
        _ => {
            word.push('$');
            return Ok(());
        }
    }
    word.push_str(PLACEHOLDER);
    Ok(())
}

fn refused(what: &str) -> String {
    format!(
        "{what}: this test does not read it, so it cannot check what runs; keep `run:` steps simple"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_shell_reader_finds_each_command() {
        let script = r#"if cargo xtask check-data 2>&1 | tee "$RUNNER_TEMP/x.txt"; then
  exit 0
fi
{
  echo '### Problems in `data`'
  echo "Built for \`$BASE\`" >&2
  sed "s|$GITHUB_WORKSPACE/||" "$RUNNER_TEMP/x.txt"
} >> "$GITHUB_STEP_SUMMARY"
built="/${BASE#/}"
if [ "${built,,}" != "$P" ] && true || false; then echo x; fi
cargo xtask dist \
  --base "${{ vars.ATLAS_BASE || '/' }}"  # a comment
"#;
        let want: Vec<Vec<String>> = [
            "cargo xtask check-data",
            "tee 1/x.txt",
            "exit 0",
            "echo ### Problems in `data`",
            "echo Built for `1`",
            "sed s|1/|| 1/x.txt",
            "[ 1 != 1 ]",
            "true",
            "false",
            "echo x",
            "cargo xtask dist --base 1",
        ]
        .iter()
        .map(|line| match *line {
            "echo ### Problems in `data`" => vec!["echo".into(), "### Problems in `data`".into()],
            "echo Built for `1`" => vec!["echo".into(), "Built for `1`".into()],
            _ => words(line),
        })
        .collect();
        assert_eq!(commands(script), Ok(want));
    }

    #[test]
    fn what_the_reader_cannot_follow_is_refused() {
        for script in [
            "echo $(date)",
            "echo \"$(date)\"",
            "echo `date`",
            "cat <<EOF\nx\nEOF",
            "(cd x && make)",
            "sleep 1 &",
            "echo 'open",
            "echo \"open",
            "echo ${{ github.sha",
        ] {
            assert!(commands(script).is_err(), "{script:?} was read");
        }
    }
}
