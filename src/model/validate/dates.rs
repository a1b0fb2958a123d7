//! Dates: years within [`MIN_YEAR`]..=`max_year`, periods and year spans whose end is not
//! before their start.

use super::{Checker, MIN_YEAR};
use crate::model::types::{EndDate, PartialDate};

impl Checker<'_> {
    /// A plausible year; false (and an error) when it is not.
    pub(super) fn year(&mut self, path: &str, year: u16) -> bool {
        if year < MIN_YEAR {
            self.push_at(path.into(), format!("{year} is before {MIN_YEAR}"));
        } else if year > self.max_year {
            self.push_at(path.into(), format!("{year} is after {}", self.max_year));
        } else {
            return true;
        }
        false
    }

    /// A plausible year when there is one; false (and an error) when there is one and it is not.
    pub(super) fn opt_year(&mut self, path: &str, year: Option<u16>) -> bool {
        year.is_none_or(|y| self.year(path, y))
    }

    /// A period: both ends plausible and the start not after the end. The order is checked only
    /// between plausible ends, so that an implausible start costs only itself.
    pub(super) fn period(&mut self, path: &str, start: Option<PartialDate>, end: Option<EndDate>) {
        let start_ok = start.is_none_or(|s| self.year(&format!("{path}.start"), s.year));
        if let Some(EndDate::Date(e)) = end {
            let end_ok = self.year(&format!("{path}.end"), e.year);
            if let Some(s) = start
                && start_ok
                && end_ok
                && (s.year, s.month.unwrap_or(0)) > (e.year, e.month.unwrap_or(12))
            {
                self.push_at(
                    format!("{path}.end"),
                    format!("{e} is before the start {s}"),
                );
            }
        }
    }

    /// An award's or a service's years: each plausible, the end not before the start (checked
    /// only between plausible years), and no end without a start.
    pub(super) fn year_span(&mut self, path: &str, year: Option<u16>, end_year: Option<u16>) {
        let ok = self.opt_year(&format!("{path}.year"), year)
            & self.opt_year(&format!("{path}.end_year"), end_year);
        match (year, end_year) {
            (Some(s), Some(e)) if ok && e < s => {
                self.push_at(
                    format!("{path}.end_year"),
                    format!("{e} is before the start {s}"),
                );
            }
            (None, Some(_)) => {
                self.push_at(format!("{path}.end_year"), "is set but year is not".into());
            }
            _ => {}
        }
    }
}
