//! Dates as the seeds give them: a year, or a year and a month.
//!
//! CVs rarely say more than "June 2020" or "2017", and a directory must not invent the rest, so a
//! [`PartialDate`] keeps exactly what is known. In JSON it is a string, `"2020"` or `"2020-06"`;
//! an end date may also be `"present"` ([`EndDate::Present`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::lang::{Catalogue, fill};

/// A year, or a year and a month (`"2020"`, `"2020-06"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PartialDate {
    /// The calendar year.
    pub year: u16,
    /// The month, 1 to 12, when known.
    pub month: Option<u8>,
}

/// The end of a period: a date, or still going on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndDate {
    /// Ended at this date.
    Date(PartialDate),
    /// Still going on ("present").
    Present,
}

/// Why a date string was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DateError {}

impl PartialDate {
    /// A date known to the year only.
    pub fn year(year: u16) -> Self {
        Self { year, month: None }
    }

    /// A date known to the month.
    pub fn month(year: u16, month: u8) -> Self {
        Self {
            year,
            month: Some(month),
        }
    }
}

impl FromStr for PartialDate {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || DateError(format!("{s:?} is not a date of the form YYYY or YYYY-MM"));
        let (year, month) = match s.split_once('-') {
            Some((y, m)) => (y, Some(m)),
            None => (s, None),
        };
        if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let year: u16 = year.parse().map_err(|_| bad())?;
        let month = match month {
            None => None,
            Some(m) if m.len() == 2 && m.bytes().all(|b| b.is_ascii_digit()) => {
                let m: u8 = m.parse().map_err(|_| bad())?;
                if !(1..=12).contains(&m) {
                    return Err(DateError(format!("{s:?} has month {m}, not 1 to 12")));
                }
                Some(m)
            }
            Some(_) => return Err(bad()),
        };
        Ok(Self { year, month })
    }
}

impl fmt::Display for PartialDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.month {
            Some(m) => write!(f, "{:04}-{:02}", self.year, m),
            None => write!(f, "{:04}", self.year),
        }
    }
}

impl FromStr for EndDate {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "present" {
            Ok(Self::Present)
        } else {
            s.parse().map(Self::Date)
        }
    }
}

impl fmt::Display for EndDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Date(d) => d.fmt(f),
            Self::Present => f.write_str("present"),
        }
    }
}

macro_rules! string_serde {
    ($ty:ty, $pattern:literal, $desc:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }

        #[cfg(feature = "schema")]
        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($ty).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "type": "string",
                    "pattern": $pattern,
                    "description": $desc,
                })
            }
        }
    };
}

string_serde!(
    PartialDate,
    "^[0-9]{4}(-(0[1-9]|1[0-2]))?$",
    "A year or a year and month: \"2020\" or \"2020-06\"."
);
string_serde!(
    EndDate,
    "^([0-9]{4}(-(0[1-9]|1[0-2]))?|present)$",
    "A year, a year and month, or \"present\"."
);

impl PartialDate {
    /// For readers, in `t`'s language: "Aug 2021" or "2021" (the `Display` form, "2021-08",
    /// is the dataset's); the month's name from `[dates] months`.
    pub fn human(&self, t: &Catalogue) -> String {
        match self.month {
            Some(m) if (1..=12).contains(&m) => fill(
                t.dates().month_year(),
                &[
                    ("month", t.dates().months()[usize::from(m) - 1]),
                    ("year", &t.lang.year(i64::from(self.year))),
                ],
            ),
            _ => t.lang.year(i64::from(self.year)),
        }
    }
}

impl EndDate {
    /// For readers, in `t`'s language: "Aug 2021", "2021" or "present".
    pub fn human(&self, t: &Catalogue) -> String {
        match self {
            Self::Date(d) => d.human(t),
            Self::Present => t.dates().present().to_owned(),
        }
    }
}

/// From `from` to `to`, as every page writes a span: one value when both are the same
/// ("2019"); otherwise an en dash, closed up between single words ("2016–2021",
/// "2020–present") and spaced when either side has a space ("Aug 2021 – 2025").
pub fn span(from: &str, to: &str) -> String {
    if from == to {
        from.to_owned()
    } else if from.contains(' ') || to.contains(' ') {
        format!("{from} – {to}")
    } else {
        format!("{from}–{to}")
    }
}

/// [`span`] of two years: "2016–2021", or "2019".
pub fn year_span(from: u16, to: u16) -> String {
    span(&from.to_string(), &to.to_string())
}

/// A period as far as known, for readers: "Aug 2021 – 2025", "2024–present", "2018"; one end
/// alone when the other is unknown; empty when nothing is.
pub fn period(t: &Catalogue, start: Option<PartialDate>, end: Option<EndDate>) -> String {
    match (start.map(|d| d.human(t)), end.map(|e| e.human(t))) {
        (Some(s), Some(e)) => span(&s, &e),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => String::new(),
    }
}

/// Years as far as known, for readers, in `t`'s digits: "2012–2016" or "2024"; empty when
/// unknown.
pub fn years(t: &Catalogue, year: Option<u16>, end_year: Option<u16>) -> String {
    let written = |y: u16| t.lang.year(i64::from(y));
    match (year, end_year) {
        (Some(a), Some(b)) => span(&written(a), &written(b)),
        (Some(a), None) => written(a),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_the_forms_the_seeds_use() {
        for (text, want) in [
            ("2020", PartialDate::year(2020)),
            ("2020-06", PartialDate::month(2020, 6)),
            ("1999-12", PartialDate::month(1999, 12)),
        ] {
            let got: PartialDate = text.parse().unwrap();
            assert_eq!(got, want);
            assert_eq!(got.to_string(), text);
        }
        assert_eq!("present".parse::<EndDate>().unwrap(), EndDate::Present);
    }

    #[test]
    fn refuses_what_is_not_a_partial_date() {
        for text in [
            "",
            "20",
            "2020-6",
            "2020-13",
            "2020-00",
            "June 2020",
            "2020-06-01",
            "present",
        ] {
            assert!(
                text.parse::<PartialDate>().is_err(),
                "{text:?} was accepted"
            );
        }
    }

    #[test]
    fn orders_year_only_before_the_months_of_that_year() {
        assert!(PartialDate::year(2020) < PartialDate::month(2020, 1));
        assert!(PartialDate::month(2019, 12) < PartialDate::year(2020));
    }

    #[test]
    fn spans_read_naturally_with_one_dash() {
        use crate::lang::EN;
        let d = |s: &str| s.parse::<PartialDate>().unwrap();
        assert_eq!(
            period(&EN, Some(d("2021-08")), Some(EndDate::Date(d("2025")))),
            "Aug 2021 – 2025"
        );
        assert_eq!(
            period(&EN, Some(d("2024")), Some(EndDate::Present)),
            "2024–present"
        );
        assert_eq!(
            period(&EN, Some(d("2018")), Some(EndDate::Date(d("2018")))),
            "2018"
        );
        assert_eq!(period(&EN, None, Some(EndDate::Date(d("2012")))), "2012");
        assert_eq!(period(&EN, None, None), "");
        assert_eq!(years(&EN, Some(2012), Some(2016)), "2012–2016");
        assert_eq!(years(&EN, Some(2024), None), "2024");
        assert_eq!(years(&EN, Some(2024), Some(2024)), "2024");
        assert_eq!(years(&EN, None, Some(2024)), "");
        assert_eq!(span("Aug 2021", "Sep 2021"), "Aug 2021 – Sep 2021");
    }

    #[test]
    fn months_and_present_are_the_pages_language() {
        use crate::lang::{AR, DE, ES, ZH};
        let aug = PartialDate::month(2021, 8);
        assert_eq!(aug.human(&DE), "Aug. 2021");
        assert_eq!(aug.human(&ZH), "2021年8月");
        assert_eq!(aug.human(&ES), "ago 2021");
        assert_eq!(aug.human(&AR), "أغسطس ٢٠٢١");
        assert_eq!(
            period(&ZH, Some(PartialDate::year(2024)), Some(EndDate::Present)),
            "2024–至今"
        );
        assert_eq!(
            period(&DE, Some(aug), Some(EndDate::Present)),
            "Aug. 2021 – heute"
        );
        assert_eq!(years(&AR, Some(2012), Some(2016)), "٢٠١٢–٢٠١٦");
    }
}
