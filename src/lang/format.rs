//! How each language writes what the interface computes: the plural form of a count (CLDR's
//! cardinal rules), numbers (grouping, digits), lists and year spans, and `{placeholders}` filled.

use super::Lang;

/// A plural form (CLDR's cardinal categories), in the order of [`super::Plural::forms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Arabic's 0.
    Zero,
    /// 1 (and English's, German's, Spanish's only singular).
    One,
    /// Arabic's 2.
    Two,
    /// Arabic's 3–10 (modulo 100).
    Few,
    /// Arabic's 11–99 (modulo 100); Spanish's millions.
    Many,
    /// Everything else.
    Other,
}

impl Lang {
    /// The plural form of the whole number `n`.
    pub fn plural(self, n: u64) -> Form {
        match self {
            Lang::En | Lang::De => {
                if n == 1 {
                    Form::One
                } else {
                    Form::Other
                }
            }
            Lang::Es => match n {
                1 => Form::One,
                n if n != 0 && n.is_multiple_of(1_000_000) => Form::Many,
                _ => Form::Other,
            },
            Lang::Zh => Form::Other,
            Lang::Ar => match (n, n % 100) {
                (0, _) => Form::Zero,
                (1, _) => Form::One,
                (2, _) => Form::Two,
                (_, 3..=10) => Form::Few,
                (_, 11..=99) => Form::Many,
                _ => Form::Other,
            },
        }
    }

    /// `n` as the language writes it: `12,345` (English, Chinese), `12.345` (German, Spanish,
    /// whose four-digit numbers stay ungrouped: `1234`), `١٢٬٣٤٥` (Arabic's own digits).
    pub fn number(self, n: u64) -> String {
        let digits = n.to_string();
        let (separator, min) = match self {
            Lang::En | Lang::Zh => (',', 4),
            Lang::De => ('.', 4),
            Lang::Es => ('.', 5),
            Lang::Ar => ('\u{066C}', 4),
        };
        let mut out = String::with_capacity(digits.len() * 3);
        for (i, d) in digits.chars().enumerate() {
            if digits.len() >= min && i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(separator);
            }
            out.push(self.digit(d));
        }
        out
    }

    /// `x` with `places` decimals: `0.83`, `0,83`, `٠٫٨٣`.
    pub fn decimal(self, x: f64, places: usize) -> String {
        let plain = format!("{x:.places$}");
        let point = match self {
            Lang::En | Lang::Zh => '.',
            Lang::De | Lang::Es => ',',
            Lang::Ar => '\u{066B}',
        };
        plain
            .chars()
            .map(|c| if c == '.' { point } else { self.digit(c) })
            .collect()
    }

    /// A year as the language writes it (no grouping): `2024`, `٢٠٢٤`.
    pub fn year(self, year: i64) -> String {
        year.to_string().chars().map(|c| self.digit(c)).collect()
    }

    /// A span of years: `2019–2023`, or one year when both are the same.
    pub fn years(self, from: i64, to: i64) -> String {
        if from == to {
            self.year(from)
        } else {
            format!("{}–{}", self.year(from), self.year(to))
        }
    }

    /// Items joined as a sentence lists them: `a, b, and c`, `a, b und c`, `a、b和c`,
    /// `a, b y c`, `a و b و c`.
    pub fn list(self, items: &[&str]) -> String {
        let (sep, last_two, last_many) = match self {
            Lang::En => (", ", " and ", ", and "),
            Lang::De => (", ", " und ", " und "),
            Lang::Es => (", ", " y ", " y "),
            Lang::Zh => ("、", "和", "和"),
            Lang::Ar => (" و", " و", " و"),
        };
        match items {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [a, b] => format!("{a}{last_two}{b}"),
            [init @ .., last] => format!("{}{last_many}{last}", init.join(sep)),
        }
    }

    /// What separates two items of a list written inline: `, `, `，`, `، `.
    pub fn comma(self) -> &'static str {
        match self {
            Lang::En | Lang::De | Lang::Es => ", ",
            Lang::Zh => "，",
            Lang::Ar => "، ",
        }
    }

    /// An ASCII digit in the language's digits (others unchanged).
    fn digit(self, c: char) -> char {
        match (self, c) {
            (Lang::Ar, '0'..='9') => char::from_u32(0x0660 + (c as u32 - '0' as u32)).unwrap_or(c),
            _ => c,
        }
    }
}

/// `template` with each `{name}` replaced by its value in `args`; a placeholder without a value
/// stays as written (the build checks that every language has English's placeholders).
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after.find('}').map(|end| (&after[..end], end)) {
            Some((name, end)) if args.iter().any(|(k, _)| *k == name) => {
                let value = args.iter().find(|(k, _)| *k == name).map_or("", |(_, v)| v);
                out.push_str(value);
                rest = &after[end + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
