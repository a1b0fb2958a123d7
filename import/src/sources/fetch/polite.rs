//! Keeping to each API's published limits: a minimum interval between two requests to one
//! host ([`Pace`]), and the wait a `429`/`503` asks for (`Retry-After`, in seconds or as an
//! HTTP date), capped at [`MAX_WAIT`]. Time is read and waited on through a [`Clock`], so
//! tests see every wait without sleeping.

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The longest the fetcher waits for one `Retry-After`; a longer request is noted and cut to this.
pub const MAX_WAIT: Duration = Duration::from_secs(120);

/// The first wait after a `429`/`503` that names none; doubled on each further retry.
const FALLBACK_WAIT: Duration = Duration::from_secs(5);

/// The minimum interval between two requests to one API's host.
///
/// The defaults follow each API's documentation:
/// - dblp asks crawlers to wait "at least one or two seconds between two consecutive requests"
///   and answers `429` with `Retry-After` otherwise (<https://dblp.org/faq/1474706.html>): 2 s.
/// - ORCID's public and anonymous APIs allow 12 requests a second with a burst of 40, then
///   answer `503` (<https://info.orcid.org/ufaqs/what-are-the-api-limits>): 100 ms, under 10 a
///   second.
/// - OpenAlex allows at most 100 requests a second and a daily budget, answering `429` beyond
///   them (<https://docs.openalex.org/how-to-use-the-api/rate-limits-and-authentication>):
///   100 ms, 10 a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// Between two requests to the ORCID public API.
    pub orcid: Duration,
    /// Between two requests to dblp.
    pub dblp: Duration,
    /// Between two requests to OpenAlex.
    pub openalex: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            orcid: Duration::from_millis(100),
            dblp: Duration::from_secs(2),
            openalex: Duration::from_millis(100),
        }
    }
}

impl Pace {
    /// No interval at all: for tests against a loopback server.
    pub const fn none() -> Self {
        Pace {
            orcid: Duration::ZERO,
            dblp: Duration::ZERO,
            openalex: Duration::ZERO,
        }
    }
}

/// Time as the fetcher sees it, read and waited on; tests pass one that records the waits.
pub trait Clock {
    /// The current time (to pace requests, and to read an HTTP-date `Retry-After`).
    fn now(&self) -> SystemTime;
    /// Waits this long.
    fn sleep(&self, wait: Duration);
}

/// The real clock: `SystemTime::now` and `thread::sleep`.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }

    fn sleep(&self, wait: Duration) {
        std::thread::sleep(wait);
    }
}

/// When each host was last asked, so the next request to it waits out its interval.
#[derive(Debug, Default)]
pub(super) struct Pacer {
    last: HashMap<String, SystemTime>,
}

impl Pacer {
    /// Waits until `interval` has passed since the last request to `url`'s host, then records
    /// this request as the last.
    pub(super) fn before_request(&mut self, clock: &dyn Clock, url: &str, interval: Duration) {
        let host = host_of(url).to_string();
        if let Some(last) = self.last.get(&host) {
            let elapsed = clock.now().duration_since(*last).unwrap_or(Duration::ZERO);
            if elapsed < interval {
                clock.sleep(interval - elapsed);
            }
        }
        self.last.insert(host, clock.now());
    }
}

/// The host (and port) of a URL: what [`Pace`] counts requests by.
pub(super) fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}

/// How long to wait before retry number `attempt` (0 for the first), and a note when the
/// server's request was not followed exactly (capped, or unreadable).
pub(super) fn retry_wait(
    retry_after: Option<&str>,
    now: SystemTime,
    attempt: u32,
) -> (Duration, Option<String>) {
    let fallback = FALLBACK_WAIT
        .saturating_mul(1 << attempt.min(16))
        .min(MAX_WAIT);
    let Some(value) = retry_after.map(str::trim) else {
        return (fallback, None);
    };
    let asked = if let Ok(seconds) = value.parse::<u64>() {
        Duration::from_secs(seconds)
    } else if let Some(date) = parse_http_date(value) {
        date.duration_since(now).unwrap_or(Duration::ZERO)
    } else {
        let note = format!(
            "Retry-After {value:?} is neither seconds nor an HTTP date; waited {} s",
            fallback.as_secs()
        );
        return (fallback, Some(note));
    };
    if asked > MAX_WAIT {
        let note = format!(
            "Retry-After asked for {} s; waited the cap, {} s",
            asked.as_secs(),
            MAX_WAIT.as_secs()
        );
        (MAX_WAIT, Some(note))
    } else {
        (asked, None)
    }
}

/// Reads an HTTP date in the preferred IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`,
/// RFC 9110 §5.6.7); the two obsolete forms are read as no date.
pub(super) fn parse_http_date(text: &str) -> Option<SystemTime> {
    let (_weekday, rest) = text.split_once(", ")?;
    let parts: Vec<&str> = rest.split(' ').collect();
    let [day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| m == month)? as i64 + 1;
    let day: i64 = two_digits(day)?;
    let year: i64 = year.parse().ok().filter(|_| year.len() == 4)?;
    let mut clock = time.split(':');
    let (h, m, s) = (clock.next()?, clock.next()?, clock.next()?);
    if clock.next().is_some() {
        return None;
    }
    let (h, m, s) = (two_digits(h)?, two_digits(m)?, two_digits(s)?);
    if !(1..=31).contains(&day) || h > 23 || m > 59 || s > 60 {
        return None;
    }
    let seconds = days_from_civil(year, month, day) * 86_400 + h * 3_600 + m * 60 + s;
    let seconds = u64::try_from(seconds).ok()?;
    UNIX_EPOCH.checked_add(Duration::from_secs(seconds))
}

fn two_digits(text: &str) -> Option<i64> {
    (text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The day `time` falls on in UTC, `YYYY-MM-DD` (Howard Hinnant's `civil_from_days`): the
/// date citation counts fetched then are counted on.
pub fn day_of(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let days = seconds.div_euclid(86_400) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod day_tests {
    use super::*;

    #[test]
    fn days_read_back_as_the_dates_they_were_made_from() {
        for (y, m, d) in [
            (1970, 1, 1),
            (2000, 2, 29),
            (2026, 11, 27),
            (2100, 3, 1),
            (2024, 12, 31),
        ] {
            let time = UNIX_EPOCH + Duration::from_secs((days_from_civil(y, m, d) * 86_400) as u64);
            assert_eq!(day_of(time), format!("{y:04}-{m:02}-{d:02}"));
        }
    }
}
